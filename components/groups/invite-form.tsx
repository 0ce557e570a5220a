"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { inviteByNameAction } from "@/lib/actions/membership-actions";

/** Moderators invite someone by username; they are notified and join from the group's page. */
export function InviteForm({ groupId, groupName }: { groupId: number; groupName: string }) {
  const [username, setUsername] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="membership__request"
      onSubmit={(event) => {
        event.preventDefault();
        setStatus(null);
        startTransition(async () => {
          const result = await inviteByNameAction({ groupId, groupName, username }).catch(() => null);
          if (result?.ok) {
            setStatus({ ok: true, text: `Invited ${username}. They have 14 days to join.` });
            setUsername("");
          } else setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
        });
      }}
    >
      <label htmlFor="invite-username">Invite by username</label>
      <input id="invite-username" className="text-input" value={username} maxLength={64} onChange={(event) => setUsername(event.target.value)} />
      <div className="membership__actions">
        <button type="submit" className="button button--primary" disabled={pending || username.trim() === ""}>
          Invite
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}
