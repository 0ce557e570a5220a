import "server-only";
import { getDb } from "@/lib/db/engine/client";

/**
 * Follows or stops following a thread; either is idempotent (one statement). Answers the new state.
 * A followed thread is one the person tracks: it gets a read mark at 0 (never opened) when it has
 * none, so the unread feed walks the person's read marks alone (lib/db/feeds.ts); stopping leaves
 * a real mark (the thread was opened) and drops a 0 one.
 */
export async function setSubscription(userId: number, threadId: number, subscribed: boolean): Promise<boolean> {
  const db = await getDb();
  if (subscribed) {
    await db.$executeRaw`
      WITH followed AS (INSERT INTO subscriptions (user_id, thread_id) VALUES (${userId}, ${threadId}) ON CONFLICT DO NOTHING)
      INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count) VALUES (${userId}, ${threadId}, 0, 0) ON CONFLICT DO NOTHING`;
  } else {
    await db.$executeRaw`
      WITH unfollowed AS (DELETE FROM subscriptions WHERE user_id = ${userId} AND thread_id = ${threadId})
      DELETE FROM thread_reads WHERE user_id = ${userId} AND thread_id = ${threadId} AND last_post_id = 0`;
  }
  return subscribed;
}
