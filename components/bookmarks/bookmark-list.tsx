"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useActionRun } from "@/components/actions/use-action-run";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { setPostBookmarkAction } from "@/lib/actions/bookmark-actions";
import type { BookmarkView } from "@/lib/views/bookmark-view";
import { describeReminder } from "./reminder-times";
import "./bookmarks.css";

/** As the API's `note` (contract section 17). */
const MAX_NOTE = 200;

/** A bookmark's note, shown as text until Edit note opens it for writing (saved on Save, kept on Cancel). */
function BookmarkNote({ postId, note: saved }: { postId: number; note: string }) {
  const { error, pending, run } = useActionRun();
  const [note, setNote] = useState(saved);
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const save = () => {
    const next = (draft ?? "").trim();
    run(
      () => setPostBookmarkAction({ postId, bookmarked: true, note: next }),
      () => {
        setNote(next);
        setDraft(null);
      },
    );
  };
  if (draft === null) {
    return (
      <div className="bookmark-list__note">
        {note ? <p className="bookmark-list__snippet">Note: {note}</p> : null}
        <button type="button" className="button form-button-quiet" onClick={() => setDraft(note)}>
          {note ? "Edit note" : "Add a note"}
        </button>
      </div>
    );
  }
  return (
    <form
      className="bookmark-list__note"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={inputId}>Note</label>
      <input id={inputId} className="form-input" value={draft} maxLength={MAX_NOTE} autoFocus onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </button>
      <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => setDraft(null)}>
        Cancel
      </button>
      {error ? (
        <span className="post__control-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

function BookmarkRow({ bookmark, onRemoved }: { bookmark: BookmarkView; onRemoved: () => void }) {
  const { error, pending, run } = useActionRun();
  const remove = () => run(() => setPostBookmarkAction({ postId: bookmark.postId, bookmarked: false }), onRemoved);
  return (
    <li className="bookmark-list__item" data-testid="bookmark">
      <Link className="bookmark-list__title" href={bookmark.href}>
        {bookmark.title}
      </Link>
      <p className="bookmark-list__snippet">{bookmark.snippet}</p>
      <BookmarkNote postId={bookmark.postId} note={bookmark.note} />
      <div className="bookmark-list__meta">
        <span>
          Saved <RelativeTime value={bookmark.createdAt} />
        </span>
        {bookmark.remindAt ? <span suppressHydrationWarning>Reminder: {describeReminder(bookmark.remindAt)}</span> : null}
        <button type="button" className="button form-button-quiet" onClick={remove} disabled={pending}>
          {pending ? "Removing…" : "Remove"}
        </button>
        {error ? (
          <span className="post__control-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The Bookmarks page's list; Remove takes a bookmark away at once. */
export function BookmarkList({ bookmarks, count }: { bookmarks: BookmarkView[]; count: number }) {
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const shown = bookmarks.filter((bookmark) => !removed.has(bookmark.postId));
  if (shown.length === 0) {
    return (
      <EmptyState title={count === 0 || removed.size > 0 ? "No bookmarks yet" : "Nothing on this page"}>
        <p>Save a post with the Bookmark button under it; it is listed here, and a reminder can bring it back to you.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="bookmark-list" aria-label={`${count} bookmarks`}>
      {shown.map((bookmark) => (
        <BookmarkRow key={bookmark.postId} bookmark={bookmark} onRemoved={() => setRemoved((current) => new Set([...current, bookmark.postId]))} />
      ))}
    </ul>
  );
}
