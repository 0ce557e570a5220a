// What the scenarios read, looked up in the generated data rather than assumed: the huge
// thread, a typical thread in a typical group, the group with the most threads, a busy author.
import pg from "pg";

export const LIST_PAGE_SIZE = 20;
/** The deep listing page the issue measures; smaller forums use their last page. */
const DEEP_PAGE = 1000;

export interface Targets {
  typicalThread: { id: number; slug: string; groupName: string; postsCount: number; authorId: number; followers: number };
  hugeThread: { id: number; groupName: string; postsCount: number; deepStartPostId: number };
  bigGroup: { id: number; name: string; threadsCount: number; deepPage: number; categoryId: number };
  author: { id: number; wallet: string; postsCount: number };
  /** Threads of typical size, each with a different author, for create post spread over writers. */
  writers: { id: number; authorId: number }[];
  posts: number;
}

/** How many writers the spread create post row uses (one per load connection). */
export const WRITERS = 16;

async function one<T extends pg.QueryResultRow>(client: pg.Client, sql: string, values: unknown[] = []): Promise<T> {
  const { rows } = await client.query<T>(sql, values);
  if (!rows[0]) throw new Error(`no row for: ${sql}`);
  return rows[0];
}

export async function findTargets(url: string): Promise<Targets> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const huge = await one<{ id: number; group_id: number; name: string; posts_count: number }>(
      client,
      "SELECT t.id, t.group_id, g.name, t.posts_count FROM threads t JOIN groups g ON g.id = t.group_id ORDER BY t.posts_count DESC LIMIT 1",
    );
    // Sorted newest first, the deep pages are the oldest top-level posts: start 20 from the end.
    const deep = await one<{ id: number }>(
      client,
      `SELECT p.id FROM posts p JOIN threads t ON t.id = p.thread_id
       WHERE p.thread_id = $1 AND p.parent_id IS NULL AND p.id <> t.first_post_id ORDER BY p.id OFFSET 20 LIMIT 1`,
      [huge.id],
    );
    const big = await one<{ id: number; name: string; threads_count: number; category_id: number }>(
      client,
      `SELECT g.id, g.name, g.threads_count, (SELECT c.id FROM categories c WHERE c.group_id = g.id ORDER BY c."order", c.id LIMIT 1) AS category_id
       FROM groups g ORDER BY g.threads_count DESC, g.id LIMIT 1`,
    );
    // The median group by size, leaving out the big group and the huge thread's group.
    const typicalGroup = await one<{ id: number; name: string }>(
      client,
      `SELECT id, name FROM groups WHERE id NOT IN ($1, $2) ORDER BY threads_count, id
       OFFSET (SELECT count(*) / 2 FROM groups WHERE id NOT IN ($1, $2)) LIMIT 1`,
      [big.id, huge.group_id],
    );
    const mean = await one<{ mean: number }>(client, "SELECT round(avg(posts_count))::int AS mean FROM threads WHERE id <> $1", [huge.id]);
    const typical = await one<{ id: number; slug: string; posts_count: number; user_id: number; followers: number }>(
      client,
      `SELECT id, slug, posts_count, user_id, (SELECT count(*)::int FROM subscriptions s WHERE s.thread_id = threads.id) AS followers
       FROM threads WHERE group_id = $1 AND is_pin = 0
       ORDER BY abs(posts_count - $2), last_activity_at DESC LIMIT 1`,
      [typicalGroup.id, mean.mean],
    );
    // The threads nearest the mean size, one per author, leaving out the rows the other scenarios use.
    const { rows: writers } = await client.query<{ id: number; user_id: number }>(
      `SELECT id, user_id FROM (
         SELECT DISTINCT ON (user_id) id, user_id, abs(posts_count - $2) AS distance FROM threads
         WHERE is_pin = 0 AND is_delete = 0 AND id NOT IN ($1, $3) ORDER BY user_id, abs(posts_count - $2), id
       ) t ORDER BY distance, id LIMIT $4`,
      [typical.id, mean.mean, huge.id, WRITERS],
    );
    const author = await one<{ id: number; address: string; posts_count: number }>(
      client,
      "SELECT u.id, w.address, u.posts_count FROM users u JOIN wallets w ON w.user_id = u.id ORDER BY u.posts_count DESC, u.id LIMIT 1",
    );
    const posts = await one<{ n: number }>(client, "SELECT count(*)::int AS n FROM posts");
    return {
      typicalThread: {
        id: typical.id,
        slug: typical.slug,
        groupName: typicalGroup.name,
        postsCount: typical.posts_count,
        authorId: typical.user_id,
        followers: typical.followers,
      },
      hugeThread: { id: huge.id, groupName: huge.name, postsCount: huge.posts_count, deepStartPostId: deep.id },
      bigGroup: {
        id: big.id,
        name: big.name,
        threadsCount: big.threads_count,
        deepPage: Math.min(DEEP_PAGE, Math.max(1, Math.ceil(big.threads_count / LIST_PAGE_SIZE))),
        categoryId: big.category_id,
      },
      author: { id: author.id, wallet: author.address, postsCount: author.posts_count },
      writers: writers.map((row) => ({ id: row.id, authorId: row.user_id })),
      posts: posts.n,
    };
  } finally {
    await client.end();
  }
}
