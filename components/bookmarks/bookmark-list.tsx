"use client";

import Link from "next/link";
import { useState } from "react";
import { useActionRun } from "@/components/actions/use-action-run";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { setPostBookmarkAction } from "@/lib/actions/bookmark-actions";
import type { BookmarkView } from "@/lib/views/bookmark-view";
import { describeReminder } from "./reminder-times";
import "./bookmarks.css";

function BookmarkRow({ bookmark, onRemoved }: { bookmark: BookmarkView; onRemoved: () => void }) {
  const { error, pending, run } = useActionRun();
  const remove = () => run(() => setPostBookmarkAction({ postId: bookmark.postId, bookmarked: false }), onRemoved);
  return (
    <li className="bookmark-list__item" data-testid="bookmark">
      <Link className="bookmark-list__title" href={bookmark.href}>
        {bookmark.title}
      </Link>
      <p className="bookmark-list__snippet">{bookmark.snippet}</p>
      {bookmark.note ? <p className="bookmark-list__snippet">Note: {bookmark.note}</p> : null}
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
