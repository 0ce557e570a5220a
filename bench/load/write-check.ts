// After create post under load: did every 2xx write exactly one post, and do the counters the
// write moves (each thread's, its group's and its author's, the last two a row plus its tallies)
// still equal their rows?
import pg from "pg";

export interface WriteCheck {
  /** 2xx answers autocannon received (probe, warm-up and window). */
  succeeded: number;
  /**
   * Rows the scenario added: at least `succeeded`, plus up to one request per connection at the
   * end of the warm-up and of the window that autocannon hung up on while the server finished it.
   */
  postsAdded: number;
  /** Sum over the written threads of posts_count, and of their rows. */
  threadPostsCount: number;
  threadRows: number;
  /** The other counters and pointers the write moves that do not match their rows (empty: exact). */
  mismatches: string[];
  ok: boolean;
}

async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

export function countThreadPosts(url: string, threadIds: number[]): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE thread_id = ANY($1::int[])", [threadIds]);
    return rows[0]!.n;
  });
}

export function checkWrites(
  url: string,
  threads: { id: number; authorId: number }[],
  writes: { rowsBefore: number; succeeded: number; connections: number },
): Promise<WriteCheck> {
  const { rowsBefore, succeeded, connections } = writes;
  return withClient(url, async (client) => {
    const { rows } = await client.query<{
      id: number;
      posts_count: number;
      rows: number;
      first_level_ok: boolean;
      last_ok: boolean;
      group_ok: boolean;
      user_ok: boolean;
    }>(
      `SELECT t.id, t.posts_count,
              (SELECT count(*)::int FROM posts WHERE thread_id = t.id) AS rows,
              t.first_level_count = (SELECT count(*) FROM posts WHERE thread_id = t.id AND parent_id IS NULL AND id <> t.first_post_id) AS first_level_ok,
              t.last_post_id = (SELECT max(id) FROM posts WHERE thread_id = t.id) AS last_ok,
              (SELECT g.posts_count + COALESCE((SELECT sum(s.posts_count) FROM group_tallies s WHERE s.group_id = g.id), 0)
                      = (SELECT sum(posts_count) FROM threads WHERE group_id = g.id) FROM groups g WHERE g.id = t.group_id) AS group_ok,
              (SELECT u.posts_count + COALESCE((SELECT sum(s.posts_count) FROM user_tallies s WHERE s.user_id = u.id), 0)
                      = (SELECT count(*) FROM posts WHERE user_id = u.id) FROM users u WHERE u.id = w.author_id) AS user_ok
       FROM unnest($1::int[], $2::int[]) AS w(thread_id, author_id) JOIN threads t ON t.id = w.thread_id`,
      [threads.map((thread) => thread.id), threads.map((thread) => thread.authorId)],
    );
    const threadPostsCount = rows.reduce((sum, row) => sum + row.posts_count, 0);
    const threadRows = rows.reduce((sum, row) => sum + row.rows, 0);
    const postsAdded = threadRows - rowsBefore;
    const mismatches = rows.flatMap((row) =>
      [
        row.posts_count === row.rows ? "" : "posts_count",
        row.first_level_ok ? "" : "first_level_count",
        row.last_ok ? "" : "last_post_id (not its newest post)",
        row.group_ok ? "" : "its group's posts_count",
        row.user_ok ? "" : "its author's posts_count",
      ]
        .filter(Boolean)
        .map((what) => `thread ${row.id}: ${what}`),
    );
    return {
      succeeded,
      postsAdded,
      threadPostsCount,
      threadRows,
      mismatches,
      ok: rows.length === threads.length && postsAdded >= succeeded && postsAdded <= succeeded + 2 * connections && mismatches.length === 0,
    };
  });
}
