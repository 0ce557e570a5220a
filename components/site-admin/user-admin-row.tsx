"use client";

import { FormError } from "@/components/forms/form-field";
import { useState, type FormEvent } from "react";
import { setSiteAdminAction, suspendUserAction } from "@/lib/actions/site-admin-actions";
import type { SiteUserRow } from "@/lib/views/site-admin-view";
import { AdminFormActions } from "./admin-form-actions";
import { useAdminAction } from "./use-admin-action";

function SuspendForm({ user, onDone }: { user: SiteUserRow; onDone: () => void }) {
  const suspend = useAdminAction(suspendUserAction);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("0");

  function submit(event: FormEvent) {
    event.preventDefault();
    suspend.mutate({ userId: user.id, suspended: true, reason, days: Number(days) }, { onSuccess: onDone });
  }

  return (
    <form className="form-stack" onSubmit={submit} aria-label={`Suspend ${user.username}`}>
      <label className="form-label" htmlFor={`reason-${user.id}`}>
        Reason (shown to them when they try to sign in)
      </label>
      <input id={`reason-${user.id}`} className="form-input" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      <label className="form-label" htmlFor={`days-${user.id}`}>
        For how long
      </label>
      <select id={`days-${user.id}`} className="form-input" value={days} onChange={(event) => setDays(event.target.value)}>
        <option value="0">Until lifted</option>
        <option value="1">1 day</option>
        <option value="7">7 days</option>
        <option value="30">30 days</option>
        <option value="365">A year</option>
      </select>
      <AdminFormActions mutation={suspend} label="Suspend and sign out everywhere" pendingLabel="Suspending…" danger onCancel={onDone} />
    </form>
  );
}

/** One account on the users page: its standing, and suspend, restore and the site admin role. */
export function UserAdminRow({ user, isSelf }: { user: SiteUserRow; isSelf: boolean }) {
  const [suspending, setSuspending] = useState(false);
  const restore = useAdminAction(suspendUserAction);
  const role = useAdminAction(setSiteAdminAction);
  const error = restore.error ?? role.error;
  return (
    <li className="form-card site-admin__item" data-testid={`admin-user-${user.id}`}>
      <h3>
        {user.username} {user.superAdmin ? <span className="site-admin__badge">Site admin</span> : null}{" "}
        {user.active ? null : <span className="site-admin__badge site-admin__badge--bad">Suspended</span>}
      </h3>
      <p className="site-admin__facts">
        <span>#{user.id}</span>
        <span>Joined {user.createdAt.toISOString().slice(0, 10)}</span>
        <span>{user.lastSeenAt ? `Last seen ${user.lastSeenAt.toISOString().slice(0, 10)}` : "Never seen"}</span>
        {user.wallets.map((address) => (
          <span key={address}>{address}</span>
        ))}
      </p>
      {!user.active ? (
        <p className="site-admin__facts">
          Suspended {user.suspendedUntil ? `until ${user.suspendedUntil.toISOString().slice(0, 16).replace("T", " ")} UTC` : "until lifted"}
          {user.suspendReason ? `: ${user.suspendReason}` : ""}
        </p>
      ) : null}
      {suspending ? (
        <SuspendForm user={user} onDone={() => setSuspending(false)} />
      ) : (
        <div className="site-admin__actions">
          {user.active ? (
            isSelf ? null : (
              <button type="button" className="button button--secondary" onClick={() => setSuspending(true)}>
                Suspend…
              </button>
            )
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={restore.isPending}
              onClick={() => restore.mutate({ userId: user.id, suspended: false, reason: "", days: 0 })}
            >
              {restore.isPending ? "Restoring…" : "Restore"}
            </button>
          )}
          {isSelf ? null : (
            <button
              type="button"
              className="button button--secondary"
              disabled={role.isPending}
              onClick={() => role.mutate({ userId: user.id, on: !user.superAdmin })}
            >
              {user.superAdmin ? "Remove site admin" : "Make site admin"}
            </button>
          )}
        </div>
      )}
      {error ? <FormError>{error.message}</FormError> : null}
    </li>
  );
}
