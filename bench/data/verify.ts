// Consistency of every counter and pointer the app's writes keep, recomputed from the rows:
// the generator's --verify, and the proof that create post under load left exact counters.
import { performance } from "node:perf_hooks";
import pg from "pg";

interface Check {
  label: string;
  /** Counts the rows that break the rule. */
  sql: string;
  /** Run only when this table exists (added by a later migration). */
  needsTable?: string;
  needsColumn?: [table: string, column: string];
}

const CHECKS: Check[] = [
  {
    label: "threads.posts_count, first_level_count",
    sql: `SELECT count(*) FROM threads t
          LEFT JOIN (SELECT thread_id, count(*) AS n, count(*) FILTER (WHERE parent_id IS NULL) AS top FROM posts GROUP BY thread_id) p ON p.thread_id = t.id
          WHERE t.posts_count <> coalesce(p.n, 0)
             OR t.first_level_count <> coalesce(p.top, 0) - CASE WHEN t.first_post_id IS NULL THEN 0 ELSE 1 END`,
  },
  {
    label: "threads first/last post, last activity",
    sql: `SELECT count(*) FROM threads t
          JOIN (SELECT thread_id, min(id) AS first_id, max(id) AS last_id FROM posts GROUP BY thread_id) p ON p.thread_id = t.id
          JOIN posts l ON l.id = p.last_id
          WHERE t.first_post_id IS DISTINCT FROM p.first_id OR t.last_post_id IS DISTINCT FROM p.last_id
             OR t.last_post_user_id IS DISTINCT FROM l.user_id OR t.last_activity_at <> l.created_at`,
  },
  {
    label: "threads.likes_count",
    sql: `SELECT count(*) FROM threads t LEFT JOIN (SELECT thread_id, sum(likes_count) AS n FROM posts GROUP BY thread_id) p ON p.thread_id = t.id
          WHERE t.likes_count <> coalesce(p.n, 0)`,
  },
  {
    label: "posts.likes_count",
    sql: `SELECT count(*) FROM posts p LEFT JOIN (SELECT post_id, count(*) AS n FROM post_likes GROUP BY post_id) l ON l.post_id = p.id
          WHERE p.likes_count <> coalesce(l.n, 0)`,
  },
  {
    label: "posts.children_count",
    sql: `SELECT count(*) FROM posts p LEFT JOIN (SELECT parent_id, count(*) AS n FROM posts WHERE parent_id IS NOT NULL GROUP BY parent_id) c ON c.parent_id = p.id
          WHERE p.children_count <> coalesce(c.n, 0)`,
  },
  {
    label: "posts parent/root/depth/reply_uid/group",
    sql: `SELECT count(*) FROM posts c JOIN threads t ON t.id = c.thread_id LEFT JOIN posts p ON p.id = c.parent_id
          WHERE c.group_id <> t.group_id
             OR (c.parent_id IS NULL AND (c.root_id IS NOT NULL OR c.depth <> 0 OR c.reply_uid <> 0))
             OR (c.parent_id IS NOT NULL AND (p.thread_id <> c.thread_id OR p.id > c.id OR c.depth <> p.depth + 1
                 OR c.root_id IS DISTINCT FROM coalesce(p.root_id, p.id) OR c.reply_uid <> p.user_id))`,
  },
  {
    label: "users.posts_count (with its tallies), likes_count, username_key",
    sql: `SELECT count(*) FROM users u
          LEFT JOIN (SELECT user_id, count(*) AS n, sum(likes_count) AS likes FROM posts GROUP BY user_id) p ON p.user_id = u.id
          LEFT JOIN (SELECT user_id, sum(posts_count) AS n FROM user_tallies GROUP BY user_id) s ON s.user_id = u.id
          WHERE u.posts_count + coalesce(s.n, 0) <> coalesce(p.n, 0) OR u.likes_count <> coalesce(p.likes, 0) OR u.username_key <> lower(u.username)`,
  },
  {
    label: "groups counters (posts_count with its tallies) and last activity",
    sql: `SELECT count(*) FROM groups g
          LEFT JOIN (SELECT group_id, count(*) AS n, sum(posts_count) AS posts, max(last_activity_at) AS last_at FROM threads GROUP BY group_id) t ON t.group_id = g.id
          LEFT JOIN (SELECT group_id, count(*) AS n FROM group_members GROUP BY group_id) m ON m.group_id = g.id
          LEFT JOIN (SELECT group_id, sum(posts_count) AS n FROM group_tallies GROUP BY group_id) s ON s.group_id = g.id
          WHERE g.threads_count <> coalesce(t.n, 0) OR g.posts_count + coalesce(s.n, 0) <> coalesce(t.posts, 0) OR g.members_count <> coalesce(m.n, 0)
             OR (t.last_at IS NOT NULL AND g.last_activity_at <> t.last_at)`,
  },
  {
    label: "group owners are level-1 admins and members",
    sql: `SELECT count(*) FROM groups g
          WHERE NOT EXISTS (SELECT 1 FROM group_admins a WHERE a.group_id = g.id AND a.user_id = g.owner_id AND a.level = 1)
             OR NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = g.owner_id)`,
  },
  {
    label: "authors are members and subscribers",
    sql: `SELECT count(*) FROM (SELECT DISTINCT group_id, thread_id, user_id FROM posts) p
          WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = p.group_id AND m.user_id = p.user_id)
             OR NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.thread_id = p.thread_id AND s.user_id = p.user_id)`,
  },
  {
    label: "every user has a type-5 wallet",
    sql: `SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id AND w.type = 5 AND w.address ~ '^0x[0-9a-f]{40}$')`,
  },
  {
    label: "thread_participants",
    needsTable: "thread_participants",
    sql: `SELECT count(*) FROM (
            (SELECT DISTINCT thread_id, user_id FROM posts EXCEPT SELECT thread_id, user_id FROM thread_participants)
            UNION ALL
            (SELECT thread_id, user_id FROM thread_participants EXCEPT SELECT DISTINCT thread_id, user_id FROM posts)
          ) diff`,
  },
  {
    label: "threads.participants_count",
    needsColumn: ["threads", "participants_count"],
    sql: `SELECT count(*) FROM threads t LEFT JOIN (SELECT thread_id, count(DISTINCT user_id) AS n FROM posts GROUP BY thread_id) p ON p.thread_id = t.id
          WHERE t.participants_count <> coalesce(p.n, 0)`,
  },
];

async function hasColumn(client: pg.Client, table: string, column?: string): Promise<boolean> {
  const { rows } = await client.query(
    "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND ($2::text IS NULL OR column_name = $2) LIMIT 1",
    [table, column ?? null],
  );
  return rows.length > 0;
}

/** Runs every check; throws naming the broken ones. */
export async function verifyConsistency(url: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const broken: string[] = [];
  try {
    await client.query("SET work_mem = '256MB'");
    for (const check of CHECKS) {
      if (check.needsTable && !(await hasColumn(client, check.needsTable))) continue;
      if (check.needsColumn && !(await hasColumn(client, ...check.needsColumn))) continue;
      const started = performance.now();
      const { rows } = await client.query<{ count: string }>(check.sql);
      const wrong = Number(rows[0]!.count);
      log(`verify ${check.label.padEnd(46)} ${wrong === 0 ? "ok" : `${wrong} WRONG`} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      if (wrong > 0) broken.push(`${check.label}: ${wrong}`);
    }
  } finally {
    await client.end();
  }
  if (broken.length > 0) throw new Error(`inconsistent data: ${broken.join("; ")}`);
}
