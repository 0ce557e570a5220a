import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { readableGroupSql } from "@/lib/db/memberships";

// Bookmarks and their reminders (contract section 17). A reminder is a job (lib/jobs/remind-bookmark.ts)
// written with the bookmark; firing it is one statement that clears remind_at only while it still
// holds the time the job was written for, so a job run twice, or one for a time since changed,
// notifies nobody a second time.

export interface BookmarkRecord {
  postId: number;
  threadId: number;
  note: string;
  remindAt: Date | null;
  createdAt: Date;
}

/** A bookmark on the list, with what it points at. */
export interface BookmarkListItem extends BookmarkRecord {
  groupId: number;
  groupName: string;
  threadSlug: string;
  title: string;
  /** The post's text as lists show it (posts.content_preview or content, as delta JSON). */
  content: string;
}

/** What a bookmark needs of its post: where it lives and whether it is still there. */
export interface BookmarkTarget {
  postId: number;
  threadId: number;
  groupId: number;
  live: boolean;
}

export async function findBookmarkTarget(tx: Tx, postId: number): Promise<BookmarkTarget | null> {
  const rows = await tx.$queryRaw<{ id: number; thread_id: number; group_id: number; live: boolean }[]>`
    SELECT p.id, p.thread_id, t.group_id, (p.deleted = 0 AND t.is_delete = 0) AS live
    FROM posts p JOIN threads t ON t.id = p.thread_id WHERE p.id = ${postId}`;
  const row = rows[0];
  return row ? { postId: row.id, threadId: row.thread_id, groupId: row.group_id, live: row.live } : null;
}

// Bookmark writes of one person take turns, so two at once cannot both pass the limit.
const BOOKMARK_LOCK_CLASS = 1112493899;

/** Locks the person's bookmarks for this transaction and answers whether the post is already one, and how many they have. */
export async function lockBookmarks(
  tx: Tx,
  userId: number,
  postId: number,
): Promise<{ existing: Pick<BookmarkRecord, "note" | "remindAt"> | null; count: number }> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BOOKMARK_LOCK_CLASS}::int, ${userId}::int)`;
  const rows = await tx.$queryRaw<{ count: number; post_id: number | null; note: string | null; remind_at: Date | null }[]>`
    SELECT (SELECT count(*)::int FROM bookmarks WHERE user_id = ${userId}) AS count, b.post_id, b.note, b.remind_at
    FROM (SELECT 1) one LEFT JOIN bookmarks b ON b.user_id = ${userId} AND b.post_id = ${postId}`;
  const row = rows[0]!;
  const existing = row.post_id === null ? null : { note: row.note ?? "", remindAt: row.remind_at };
  return { existing, count: row.count };
}

/** Writes the bookmark (new or changed) and answers it. */
export async function writeBookmark(tx: Tx, userId: number, target: BookmarkTarget, values: { note: string; remindAt: Date | null }): Promise<BookmarkRecord> {
  const rows = await tx.$queryRaw<{ note: string; remind_at: Date | null; created_at: Date }[]>`
    INSERT INTO bookmarks (user_id, post_id, note, remind_at, created_at) VALUES (${userId}, ${target.postId}, ${values.note}, ${values.remindAt}, now())
    ON CONFLICT (user_id, post_id) DO UPDATE SET note = excluded.note, remind_at = excluded.remind_at
    RETURNING note, remind_at, created_at`;
  const row = rows[0]!;
  return { postId: target.postId, threadId: target.threadId, note: row.note, remindAt: row.remind_at, createdAt: row.created_at };
}

export async function deleteBookmark(tx: Tx, userId: number, postId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM bookmarks WHERE user_id = ${userId} AND post_id = ${postId}`;
}

/** Bookmarks of posts the person may still read (live posts of live threads in groups they may read). */
function readableBookmarksSql(userId: number): Prisma.Sql {
  return Prisma.sql`FROM bookmarks b JOIN posts p ON p.id = b.post_id JOIN threads t ON t.id = p.thread_id JOIN groups g ON g.id = t.group_id
    WHERE b.user_id = ${userId} AND p.deleted = 0 AND t.is_delete = 0 AND ${readableGroupSql(Prisma.sql`${userId}::int`)}`;
}

/** A page of the person's readable bookmarks, newest first, and how many there are (one statement). */
export async function listBookmarks(userId: number, offset: number, limit: number): Promise<{ rows: BookmarkListItem[]; count: number }> {
  const db = await getDb();
  const rows = await db.$queryRaw<
    {
      post_id: number | null;
      thread_id: number;
      group_id: number;
      group_name: string;
      slug: string;
      title: string;
      content: string;
      note: string;
      remind_at: Date | null;
      created_at: Date;
      total: number;
    }[]
  >`
    WITH mine AS (SELECT b.post_id, b.note, b.remind_at, b.created_at, t.id AS thread_id, t.group_id, g.name AS group_name, t.slug, t.title,
        COALESCE(p.content_preview, p.content) AS content ${readableBookmarksSql(userId)})
    SELECT page.*, (SELECT count(*)::int FROM mine) AS total
    FROM (SELECT 1) one LEFT JOIN (SELECT * FROM mine ORDER BY created_at DESC, post_id DESC OFFSET ${offset} LIMIT ${limit}) page ON true
    ORDER BY page.created_at DESC, page.post_id DESC`;
  const count = rows[0]?.total ?? 0;
  return {
    count,
    rows: rows.flatMap((row) =>
      row.post_id === null
        ? []
        : [
            {
              postId: row.post_id,
              threadId: row.thread_id,
              groupId: row.group_id,
              groupName: row.group_name,
              threadSlug: row.slug,
              title: row.title,
              content: row.content,
              note: row.note,
              remindAt: row.remind_at,
              createdAt: row.created_at,
            },
          ],
    ),
  };
}

/**
 * The reminder of a bookmark whose remind_at is still `remindAt`: remind_at becomes null and the
 * person gets one `reminder` notification (no actor, never grouped), in one statement. Answers
 * whether it fired; a second run finds remind_at null and does nothing.
 */
export async function fireBookmarkReminder(userId: number, postId: number, remindAt: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH due AS (
      UPDATE bookmarks b SET remind_at = NULL FROM posts p
      WHERE b.user_id = ${userId} AND b.post_id = ${postId} AND b.remind_at = ${remindAt} AND p.id = b.post_id
      RETURNING b.user_id, b.post_id, p.thread_id
    )
    INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, count, created_at, updated_at)
    SELECT user_id, 'reminder', thread_id, post_id, NULL, 1, now(), now() FROM due
    RETURNING id`;
  return rows.length > 0;
}
