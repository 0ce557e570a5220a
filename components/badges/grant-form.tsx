"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { grantBadgeAction } from "@/lib/actions/badge-actions";
import "@/components/forms/forms.css";

/** Moderators grant a manual badge by username, with an optional reason; the person is notified. */
export function GrantForm({ group, badge }: { group: { id: number; name: string }; badge: { id: number; name: string } }) {
  const router = useRouter();
  const [username, setUsername] = useState("");
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const id = `grant-${badge.id}`;
  return (
    <form
      className="badge-grant"
      aria-label={`Grant ${badge.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setStatus(null);
        startTransition(async () => {
          const input = { groupId: group.id, groupName: group.name, badgeId: badge.id, username, reason };
          const result = await grantBadgeAction(input).catch(() => null);
          if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
          setStatus({ ok: true, text: `Granted ${badge.name} to ${username.trim()}.` });
          setUsername("");
          setReason("");
          router.refresh();
        });
      }}
    >
      <label htmlFor={`${id}-user`}>Grant to</label>
      <input
        id={`${id}-user`}
        className="form-input"
        placeholder="username"
        value={username}
        maxLength={64}
        onChange={(event) => setUsername(event.target.value)}
      />
      <label htmlFor={`${id}-reason`} className="visually-hidden">
        Reason
      </label>
      <input
        id={`${id}-reason`}
        className="form-input"
        placeholder="reason (optional)"
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={pending || username.trim() === ""}>
        Grant
      </button>
      <StatusLine status={status} />
    </form>
  );
}
