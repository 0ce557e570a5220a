"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteDraftAction } from "@/lib/actions/draft-actions";
import type { DraftListItemView } from "@/lib/views/draft-view";
import "./drafts.css";

function DraftRow({ draft, onDeleted }: { draft: DraftListItemView; onDeleted: (message: string) => void }) {
  const [sequence, setSequence] = useState(draft.sequence);
  const name = draft.title || draft.preview.slice(0, 60) || "Empty draft";
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteDraftAction({ draftKey: draft.key, sequence })),
    onSuccess: (result) => {
      if (result.deleted) return onDeleted(`Deleted “${name}”`);
      // Saved again (or posted) elsewhere since this page loaded: say so, and let a second click delete that copy.
      if (result.stored) setSequence(result.stored.sequence);
      else onDeleted(`“${name}” was already posted or deleted`);
    },
  });
  const stale = mutation.data && !mutation.data.deleted && mutation.data.stored;
  return (
    <li className="draft-list__item" data-testid="draft">
      <span className="draft-list__title">{name}</span>
      {draft.preview && draft.title ? <p className="draft-list__preview">{draft.preview}</p> : null}
      <div className="draft-list__meta">
        <span>
          saved <RelativeTime value={draft.updatedAt} />
        </span>
        {draft.place ? <Link href={draft.place.href}>Open · {draft.place.label}</Link> : <span>Its thread or group is no longer open to you</span>}
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Delete draft ${name}`}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? "Deleting…" : "Delete"}
        </button>
      </div>
      {stale ? <p className="form-error">This draft was saved again somewhere else since. Delete it anyway?</p> : null}
      {mutation.isError ? <p className="form-error">{mutation.error.message}</p> : null}
    </li>
  );
}

/** The Drafts page's list: open where each continues, or delete it. */
export function DraftList({ drafts, count }: { drafts: DraftListItemView[]; count: number }) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState("");
  const shown = drafts.filter((draft) => !gone.has(draft.key));
  return (
    <section aria-labelledby="drafts-count" className="form-stack">
      <h2 id="drafts-count">{count - gone.size === 1 ? "1 draft" : `${count - gone.size} drafts`}</h2>
      <p role="status" className={status ? "form-success" : undefined}>
        {status}
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No drafts">
          <p>What you write in a reply or a new thread is saved here as you type, until you post it.</p>
        </EmptyState>
      ) : (
        <ul className="draft-list">
          {shown.map((draft) => (
            <DraftRow
              key={draft.key}
              draft={draft}
              onDeleted={(message) => {
                setGone((keys) => new Set(keys).add(draft.key));
                setStatus(message);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
