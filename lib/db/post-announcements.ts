import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { notBannedIn } from "@/lib/db/notifications";
import type { Tx } from "@/lib/db/engine/transaction";

// The notifications of new posts (contract section 13), written after the posts' commit: a post's
// statement (lib/db/post-insert.ts) holds its thread's row until it commits, and a fan-out over the
// thread's followers inside it made every writer of the thread wait for it. Each post leaves a
// `post_announcements` row; a fan-out takes (deletes) rows and notifies of their posts, so each post
// is notified of exactly once, by whoever takes its row (its request after the commit, or the sweep
// after a crash). Fan-outs of one thread take turns on its transaction lock (lockThreadNotifications
// in lib/db/notifications.ts), and the one whose turn it is takes every waiting row of the thread:
// posts written while a fan-out runs are notified of together by the next (a follower's row takes
// them in one update), and a request whose post an earlier turn took finds its row gone, its
// notifications committed.

/** The most posts one fan-out notifies of (its own first). */
const BATCH = 500;

/**
 * Notifies of the thread's waiting posts, `postId` first (call it holding the thread's turn, in a
 * statement after the lock, so it sees every post committed meanwhile): for each post, the parent's
 * author (reply), the people it mentions (mention, from post_mentions) and the thread's followers
 * (post), one type per person and post by rank (reply before mention before post), never the author
 * nor anyone banned in the group, nothing for a post or thread deleted meanwhile. A person's unread
 * row of the thread and type takes the posts' events (count, latest post and actor). One statement;
 * rows in user order (as every notifying write locks them). Answers how many posts it took.
 */
export async function announceThreadPosts(tx: Tx, threadId: number, postId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ taken: number }[]>(Prisma.sql`
    WITH taken AS (
      DELETE FROM post_announcements WHERE post_id IN (
        SELECT a.post_id FROM post_announcements a JOIN posts p ON p.id = a.post_id
        WHERE p.thread_id = ${threadId} ORDER BY a.post_id = ${postId} DESC, a.post_id LIMIT ${BATCH}
      ) RETURNING post_id
    ), post AS (
      SELECT p.id, p.group_id, p.user_id, p.parent_id, p.created_at FROM posts p JOIN taken ON taken.post_id = p.id JOIN threads t ON t.id = p.thread_id
      WHERE p.deleted = 0 AND t.is_delete = 0
    ), recipient AS (
      SELECT DISTINCT ON (r.post_id, r.user_id) r.post_id, r.user_id, r.type FROM (
        SELECT post.id AS post_id, parent.user_id, 'reply' AS type, 1 AS rank FROM post JOIN posts parent ON parent.id = post.parent_id WHERE parent.deleted = 0
        UNION ALL SELECT post.id, m.user_id, 'mention', 2 FROM post JOIN post_mentions m ON m.post_id = post.id
        UNION ALL SELECT post.id, s.user_id, 'post', 3 FROM post JOIN subscriptions s ON s.thread_id = ${threadId}
      ) r JOIN post ON post.id = r.post_id
      WHERE r.user_id <> post.user_id AND ${notBannedIn(Prisma.sql`post.group_id`, Prisma.sql`r.user_id`)}
      ORDER BY r.post_id, r.user_id, r.rank
    ), grouped AS (
      SELECT r.user_id, r.type, count(*)::int AS n, max(post.id) AS post_id,
        (array_agg(post.user_id ORDER BY post.id DESC))[1] AS actor_id, max(post.created_at) AS at
      FROM recipient r JOIN post ON post.id = r.post_id GROUP BY r.user_id, r.type
    ), notified AS (
      INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, count, created_at, updated_at)
      SELECT user_id, type, ${threadId}, post_id, actor_id, n, at, at FROM grouped ORDER BY user_id, type
      ON CONFLICT (user_id, thread_id, type) WHERE NOT read DO UPDATE SET
        post_id = excluded.post_id, actor_id = excluded.actor_id,
        count = notifications.count + excluded.count, updated_at = excluded.updated_at
      RETURNING id, user_id, type
    ), events AS (
      INSERT INTO notification_events (notification_id, post_id, actor_id)
      SELECT notified.id, post.id, post.user_id
      FROM notified JOIN recipient r ON r.user_id = notified.user_id AND r.type = notified.type JOIN post ON post.id = r.post_id
      ORDER BY notified.id, post.id
    )
    SELECT count(*)::int AS taken FROM taken`);
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
