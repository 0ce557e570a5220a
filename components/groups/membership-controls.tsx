"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR, type ActionResult } from "@/lib/actions/action-types";
import { joinGroupAction, leaveGroupAction } from "@/lib/actions/membership-actions";
import type { GroupView } from "@/lib/views/group-view";

export type MembershipControlsProps = Pick<GroupView, "id" | "name" | "joining" | "membership" | "viewerBanned">;

/** Join / Request to join (with a message) / Pending / Leave, through the same use cases as the API. */
export function MembershipControls({ id, name, joining, membership, viewerBanned }: MembershipControlsProps) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function run(action: () => Promise<ActionResult<unknown>>) {
    setError(null);
    startTransition(async () => {
      const result = await action().catch(() => null);
      if (!result?.ok) return setError(result?.error ?? NETWORK_ERROR);
      setAsking(false);
      router.refresh();
    });
  }
  const join = () => run(() => joinGroupAction({ groupId: id, groupName: name, message }));
  const leave = () => run(() => leaveGroupAction({ groupId: id, groupName: name }));

  let control;
  if (membership === "guest") {
    control = (
      <Link className="button button--primary" href={`/signin?callbackUrl=${encodeURIComponent(`/g/${name}`)}`}>
        {joining === "request" ? "Sign in to request to join" : "Sign in to join"}
      </Link>
    );
  } else if (membership === "owner") {
    control = null;
  } else if (membership === "member") {
    control = (
      <button type="button" className="button button--secondary" onClick={leave} disabled={pending}>
        Leave
      </button>
    );
  } else if (membership === "pending") {
    control = (
      <>
        <span className="membership__pending" role="status">
          Pending approval
        </span>
        <button type="button" className="button button--secondary" onClick={leave} disabled={pending}>
          Withdraw request
        </button>
      </>
    );
  } else if (viewerBanned) {
    control = <span className="membership__note">You are banned from this group</span>;
  } else if (joining === "request" && asking) {
    control = (
      <form
        className="membership__request"
        onSubmit={(event) => {
          event.preventDefault();
          join();
        }}
      >
        <label htmlFor={`join-message-${id}`}>A message for the moderators (optional)</label>
        <textarea id={`join-message-${id}`} maxLength={500} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
        <div className="membership__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            Send request
          </button>
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  } else if (joining === "request") {
    control = (
      <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
        Request to join
      </button>
    );
  } else {
    // Invitation-only groups admit only the invited: join tells the others what is missing.
    control = (
      <button type="button" className="button button--primary" onClick={join} disabled={pending}>
        {joining === "invitation" ? "Join (invited)" : joining === "gate" ? "Join with my tokens" : "Join"}
      </button>
    );
  }

  return (
    <div className="membership">
      {control}
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
