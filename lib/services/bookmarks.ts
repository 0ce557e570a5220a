import "server-only";
import { loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import {
  deleteBookmark,
  findBookmarkTarget,
  fireBookmarkReminder,
  listBookmarks,
  lockBookmarks,
  writeBookmark,
  type BookmarkListItem,
  type BookmarkRecord,
} from "@/lib/db/bookmarks";
import { inTransaction } from "@/lib/db/engine/transaction";
import { deltaToPlainText } from "@/lib/delta/parse";
import { salvageDeltaOps } from "@/lib/delta/salvage";
import { Invalid, NotFound } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { assertGroupReadable } from "@/lib/services/group-access";

export const MAX_BOOKMARKS_PER_USER = 1000;
export const MAX_BOOKMARK_NOTE = 200;
const MAX_REMIND_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
const SNIPPET_LENGTH = 200;

export interface BookmarkInput {
  bookmarked: boolean;
  /** Undefined keeps the stored note (none for a new bookmark); "" clears it. */
  note?: string;
  /** Undefined keeps the stored reminder; null clears it. */
  remindAt?: Date | null;
}

export type BookmarkListEntry = BookmarkListItem & { snippet: string };

function checkRemindAt(remindAt: Date, now: number): void {
  if (remindAt.getTime() <= now) throw new Invalid("remind_at", "must be in the future");
  if (remindAt.getTime() > now + MAX_REMIND_AHEAD_MS) throw new Invalid("remind_at", "must be within a year");
}

/**
 * Contract section 17: bookmark a post the person may read (with a note and a reminder), or take
 * the bookmark away; idempotent. A new reminder time writes its job in the same transaction
 * (lib/jobs/remind-bookmark.ts), so it exists exactly when the bookmark does.
 */
export async function setBookmark(actor: SignedIn, postId: number, input: BookmarkInput): Promise<BookmarkRecord | null> {
  const now = Date.now();
  if (input.remindAt) checkRemindAt(input.remindAt, now);
  return inTransaction(async (tx) => {
    const target = await findBookmarkTarget(tx, postId);
    if (!target) throw new NotFound("post");
    if (!input.bookmarked) {
      await deleteBookmark(tx, actor.id, postId);
      return null;
    }
    const role = await loadGroupRole(actor, target.groupId, tx);
    if (!role) throw new NotFound("post");
    assertGroupReadable(role, "post");
    if (!target.live) throw new NotFound("post");
    const { existing, count } = await lockBookmarks(tx, actor.id, postId);
    if (!existing && count >= MAX_BOOKMARKS_PER_USER) throw new Invalid(null, `You can keep at most ${MAX_BOOKMARKS_PER_USER} bookmarks`);
    const note = input.note ?? existing?.note ?? "";
    const remindAt = input.remindAt === undefined ? (existing?.remindAt ?? null) : input.remindAt;
    const bookmark = await writeBookmark(tx, actor.id, target, { note, remindAt });
    if (remindAt && remindAt.getTime() !== existing?.remindAt?.getTime()) {
      const startAfterSeconds = Math.max(0, Math.ceil((remindAt.getTime() - Date.now()) / 1000));
      await enqueueInTransaction(tx, "remind-bookmark", { userId: actor.id, postId, remindAt: remindAt.toISOString() }, { startAfterSeconds });
    }
    return bookmark;
  });
}

function toSnippet(content: string): string {
  try {
    return deltaToPlainText(salvageDeltaOps(JSON.parse(content)), SNIPPET_LENGTH);
  } catch {
    return deltaToPlainText([{ insert: content }], SNIPPET_LENGTH);
  }
}

/** Contract section 17: the person's bookmarks, newest first, leaving out posts they can no longer read. */
export async function listMyBookmarks(actor: SignedIn, page: number, perPage: number): Promise<{ rows: BookmarkListEntry[]; count: number }> {
  const { rows, count } = await listBookmarks(actor.id, (page - 1) * perPage, perPage);
  return { rows: rows.map((row) => ({ ...row, snippet: toSnippet(row.content) })), count };
}

/** The job of a reminder: fires once, and not at all when the bookmark's time changed since. */
export async function remindOfBookmark(payload: { userId: number; postId: number; remindAt: string }): Promise<void> {
  await fireBookmarkReminder(payload.userId, payload.postId, new Date(payload.remindAt));
}
