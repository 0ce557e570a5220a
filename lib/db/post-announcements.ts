import "server-only";
import { getDb } from "@/lib/db/engine/client";

// The notifications of new posts (contract section 13), written after the posts' commit: a post's
// statement (lib/db/post-insert.ts) holds its thread's row until it commits, and a fan-out over the
// thread's followers inside it made every writer of the thread wait for it. A post someone may hear
// of leaves a `post_announcements` row; agora_announce_posts (prisma/derived/post-announcements.sql)
// takes (deletes) rows and notifies of their posts, so each post is notified of exactly once, by
// whoever takes its row. Fan-outs of one thread take turns (a transaction lock, which deletions take
// too: lockThreadNotifications in lib/db/notifications.ts), and each turn takes every waiting row of
// the thread, so posts written while one fan-out ran are notified of together by the next.

/**
 * Notifies of the post and of the thread's other waiting posts, in the thread's next fan-out turn:
 * one statement, whose transaction holds the turn. When it answers, the post's notifications are
 * committed (by this turn or an earlier one). Answers how many posts it took.
 */
export async function announcePosts(threadId: number, postId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ taken: number }[]>`SELECT agora_announce_posts(${threadId}::int, ${postId}::int) AS taken`;
  return row?.taken ?? 0;
}

/** Announcements still waiting after `olderThanMs` (their request died before notifying), oldest first. */
export async function listStaleAnnouncements(olderThanMs: number, limit: number): Promise<{ threadId: number; postId: number }[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ thread_id: number; post_id: number }[]>`
    SELECT p.thread_id, a.post_id FROM post_announcements a JOIN posts p ON p.id = a.post_id
    WHERE a.created_at < now() - make_interval(secs => ${olderThanMs / 1000}::float8) ORDER BY a.created_at, a.post_id LIMIT ${limit}`;
  return rows.map((row) => ({ threadId: row.thread_id, postId: row.post_id }));
}
