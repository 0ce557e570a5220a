import "server-only";
import { getDb } from "@/lib/db/engine/client";

/**
 * Of these threads, those the person has read before and that got posts since, with how many
 * ("N new": the thread's posts_count now minus at the last read). One indexed statement; threads
 * never opened have no marker (everything would be new), followed ones included (their mark is 0).
 */
export async function countNewPostsSinceRead(userId: number, threadIds: readonly number[]): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.$queryRaw<{ thread_id: number; fresh: number }[]>`
    SELECT r.thread_id, GREATEST(t.posts_count - r.posts_count, 1)::int AS fresh
    FROM thread_reads r JOIN threads t ON t.id = r.thread_id
    WHERE r.user_id = ${userId} AND r.thread_id = ANY(${[...threadIds]}::int[]) AND r.last_post_id > 0 AND t.last_post_id > r.last_post_id`;
  return new Map(rows.map((row) => [row.thread_id, row.fresh]));
}
