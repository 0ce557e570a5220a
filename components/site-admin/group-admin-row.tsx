"use client";

import { FormError } from "@/components/forms/form-field";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { deleteGroupAction, setGroupVisibilityAction, setRecommendAction } from "@/lib/actions/site-admin-actions";
import { AdminFormActions } from "./admin-form-actions";
import { AssignOwnerForm } from "./assign-owner-form";
import type { SiteGroupRow } from "@/lib/views/site-admin-view";
import { useAdminAction } from "./use-admin-action";

function DeleteGroupForm({ group, onCancel }: { group: SiteGroupRow; onCancel: () => void }) {
  const remove = useAdminAction(deleteGroupAction);
  const [confirm, setConfirm] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate({ groupId: group.id, confirm });
  }
  return (
    <form className="form-stack" onSubmit={submit} aria-label={`Delete ${group.name}`}>
      <p className="form-error">
        Deleting {group.title} removes its {group.threads} threads, every post in them and its uploads, for good.
      </p>
      <label className="form-label" htmlFor={`confirm-${group.id}`}>
        Type its handle, {group.name}, to confirm
      </label>
      <input id={`confirm-${group.id}`} className="form-input" value={confirm} onChange={(event) => setConfirm(event.target.value)} autoComplete="off" />
      <AdminFormActions mutation={remove} label="Delete for good" pendingLabel="Deleting…" danger disabled={confirm.trim() === ""} onCancel={onCancel} />
    </form>
  );
}

/** One group on the groups page: recommendations, visibility, deletion. */
export function GroupAdminRow({ group }: { group: SiteGroupRow }) {
  const [deleting, setDeleting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const recommend = useAdminAction(setRecommendAction);
  const visibility = useAdminAction(setGroupVisibilityAction);
  const error = recommend.error ?? visibility.error;
  return (
    <li className="form-card site-admin__item" data-testid={`admin-group-${group.id}`}>
      <h3>
        <Link href={`/g/${group.name}`}>{group.title}</Link> <span className="site-admin__facts">/g/{group.name}</span>
      </h3>
      <p className="site-admin__facts">
        <span>{group.owner ? `Owner ${group.owner}` : "No owner"}</span>
        <span>{group.members} members</span>
        <span>{group.threads} threads</span>
        <span>Active {group.lastActivityAt.toISOString().slice(0, 10)}</span>
      </p>
      <div className="site-admin__actions">
        <label className="form-check">
          <input
            type="checkbox"
            checked={!group.superNoRecommend}
            disabled={recommend.isPending}
            onChange={(event) => recommend.mutate({ groupId: group.id, superNoRecommend: !event.target.checked })}
          />
          Recommended to newcomers{group.noRecommend ? " (its owner opted out)" : ""}
        </label>
        <label className="form-label" htmlFor={`visibility-${group.id}`}>
          Visible to
        </label>
        <select
          id={`visibility-${group.id}`}
          className="form-input"
          value={group.visibility}
          disabled={visibility.isPending}
          onChange={(event) => visibility.mutate({ groupId: group.id, visibility: event.target.value as SiteGroupRow["visibility"] })}
        >
          <option value="public">Everyone</option>
          <option value="private">Members (others see its card)</option>
          <option value="hidden">Members only (hidden)</option>
        </select>
        {assigning ? null : (
          <button type="button" className="button button--secondary" onClick={() => setAssigning(true)}>
            {group.owner ? "Change owner…" : "Assign owner…"}
          </button>
        )}
        {deleting ? null : (
          <button type="button" className="button button--secondary" onClick={() => setDeleting(true)}>
            Delete…
          </button>
        )}
      </div>
      {assigning ? <AssignOwnerForm group={group} onDone={() => setAssigning(false)} /> : null}
      {deleting ? <DeleteGroupForm group={group} onCancel={() => setDeleting(false)} /> : null}
      {error ? <FormError>{error.message}</FormError> : null}
    </li>
  );
}
