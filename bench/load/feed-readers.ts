// Two readers for the unread feed rows, made with SQL on the generated data: one follows 10
// threads, the other 1,000 (every thread, on a forum with fewer), each thread read up to its
// opening post only, so every one of them is unread. The rows ask both for a page of the same size:
// what differs is only how many threads the reader follows (contract section 17: at most 1.5x).
import pg from "pg";

export interface FeedReaders {
  /** Follows FEW threads. */
  few: { id: number; follows: number };
  /** Follows MANY threads (or every thread with replies, if there are fewer). */
  many: { id: number; follows: number };
}

const FEW = 10;
const MANY = 1_000;

// The two users with the fewest posts (so their own read marks add almost nothing), their follows
// and marks replaced by the planned ones: threads with replies, spread over the forum by id. The
// old rows go first, in statements of their own (a CTE's insert would not see its sibling's delete).
const CLEAR_SQL = ["DELETE FROM subscriptions WHERE user_id = $1", "DELETE FROM thread_reads WHERE user_id = $1"];
const FOLLOW_SQL = `
  WITH picked AS (
    SELECT id, first_post_id FROM threads WHERE is_delete = 0 AND posts_count > 1 ORDER BY (id * 7919) % 100003 LIMIT $2
  ), followed AS (
    INSERT INTO subscriptions (user_id, thread_id) SELECT $1, id FROM picked
  )
  INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count) SELECT $1, id, first_post_id, 1 FROM picked`;

export async function prepareFeedReaders(url: string): Promise<FeedReaders> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: users } = await client.query<{ id: number }>("SELECT id FROM users ORDER BY posts_count, id DESC LIMIT 2");
    const [few, many] = users;
    if (!few || !many) throw new Error("the forum has fewer than two users");
    const follow = async (userId: number, count: number) => {
      for (const sql of CLEAR_SQL) await client.query(sql, [userId]);
      return (await client.query(FOLLOW_SQL, [userId, count])).rowCount ?? 0;
    };
    return { few: { id: few.id, follows: await follow(few.id, FEW) }, many: { id: many.id, follows: await follow(many.id, MANY) } };
  } finally {
    await client.end();
  }
}
