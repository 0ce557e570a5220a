import "server-only";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/api/time";
import type { BookmarkRecord } from "@/lib/db/bookmarks";
import type { BookmarkListEntry } from "@/lib/services/bookmarks";
import type { z } from "zod";
import type { BookmarkListItemSchema, BookmarkSchema } from "@/lib/schemas/bookmark-schemas";

/** A bookmark as set (contract section 17). */
export function serializeBookmark(record: BookmarkRecord): z.infer<typeof BookmarkSchema> {
  return {
    post_id: record.postId,
    thread_id: record.threadId,
    note: record.note,
    remind_at: formatNullableTimestamp(record.remindAt),
    created_at: formatTimestamp(record.createdAt),
  };
}

/** A bookmark on the person's list, with where it points. */
export function serializeBookmarkListItem(entry: BookmarkListEntry): z.infer<typeof BookmarkListItemSchema> {
  return {
    post_id: entry.postId,
    thread_id: entry.threadId,
    group_id: entry.groupId,
    title: entry.title,
    snippet: entry.snippet,
    note: entry.note,
    remind_at: formatNullableTimestamp(entry.remindAt),
    created_at: formatTimestamp(entry.createdAt),
  };
}
