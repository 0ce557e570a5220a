"use client";

import { useState, type FormEvent } from "react";
import { assignGroupOwnerAction } from "@/lib/actions/site-admin-actions";
import type { SiteGroupRow } from "@/lib/views/site-admin-view";
import { AdminFormActions } from "./admin-form-actions";
import { useAdminAction } from "./use-admin-action";

/** Names a group's owner by username (contract section 20: a group its owner left with no one in it has none). */
export function AssignOwnerForm({ group, onDone }: { group: SiteGroupRow; onDone: () => void }) {
  const assign = useAdminAction(assignGroupOwnerAction);
  const [username, setUsername] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    assign.mutate({ groupId: group.id, username }, { onSuccess: onDone });
  }
  return (
    <form className="form-stack" onSubmit={submit} aria-label={`Assign an owner to ${group.name}`}>
      <p className="form-hint">
        {group.owner
          ? `The new owner takes over from ${group.owner}, who stays an admin.`
          : "This community has no owner: its owner deleted their account and no one else was in it."}
      </p>
      <label className="form-label" htmlFor={`owner-${group.id}`}>
        Username of the new owner
      </label>
      <input id={`owner-${group.id}`} className="form-input" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="off" />
      <AdminFormActions mutation={assign} label="Make owner" pendingLabel="Saving…" disabled={username.trim() === ""} onCancel={onDone} />
    </form>
  );
}
