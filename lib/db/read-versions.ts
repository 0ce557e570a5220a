import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";
import { groupWhere, type GroupKey } from "@/lib/db/groups";

// The versions the triggers of migration `read_versions` keep. A cached read is valid while the
// versions it was built from are unchanged; each lookup is one indexed statement, sent straight
// to the pool (an ORM call costs more CPU than the lookup it saves) and named where that is
// allowed (lib/db/engine/statements.ts). Versions travel as text: they are BIGINT and only ever compared.

/** A thread's version over threads t, its groups g and cache_epochs e: the thread and its posts, its group's frame, every author's face. */
export const THREAD_VERSION_SQL = "t.cache_version || '.' || g.frame_version || '.' || e.users_version";

/**
 * A group's version over groups g: its row's, plus its tallies' (group_tallies), where every update
 * of one of its threads moves the thread's slot (prisma/derived/read-versions.sql).
 */
const GROUP_VERSION_SQL = "(g.cache_version + COALESCE((SELECT sum(s.cache_version) FROM group_tallies s WHERE s.group_id = g.id), 0))";

/**
 * The version of a thread a guest may be answered from a kept answer: null unless its group is
 * public (contract section 14), so a private or hidden group's content is never kept for guests,
 * and a group that stops being public stops matching at once. A thread with polls is never kept
 * (contract section 18: a poll's status and snapshot move with the clock, its counts with every vote).
 */
export async function readPublicThreadVersion(threadId: number): Promise<string | null> {
  const pool = await getPool();
  const { rows } = await pool.query<{ v: string | null }>(
    statement(
      `SELECT CASE WHEN g.visibility = 0 AND t.poll_count = 0 AND t.tip_count = 0 THEN ${THREAD_VERSION_SQL} END AS v
           FROM threads t JOIN groups g ON g.id = t.group_id CROSS JOIN cache_epochs e WHERE t.id = $1`,
      [threadId],
    ),
  );
  return rows[0]?.v ?? null;
}

/** The same for a group's listings and info: null unless the group is public. */
export async function readPublicGroupVersion(groupId: number): Promise<string | null> {
  const pool = await getPool();
  const { rows } = await pool.query<{ v: string | null }>(
    statement(
      `SELECT CASE WHEN g.visibility = 0 THEN ${GROUP_VERSION_SQL} || '.' || e.users_version END AS v FROM groups g CROSS JOIN cache_epochs e WHERE g.id = $1`,
      [groupId],
    ),
  );
  return rows[0]?.v ?? null;
}

/** Anything in a group (its threads, categories, roles, counters) and every author's face. Null for an unknown group. */
export async function readGroupVersion(key: GroupKey): Promise<string | null> {
  const pool = await getPool();
  const where = groupWhere(key);
  const { rows } = await pool.query<{ v: string }>(
    statement(
      `SELECT ${GROUP_VERSION_SQL} || '.' || e.users_version AS v FROM groups g CROSS JOIN cache_epochs e WHERE ${"id" in where ? "g.id" : "g.name"} = $1`,
      ["id" in where ? where.id : where.name],
    ),
  );
  return rows[0]?.v ?? null;
}

// Pages kept for guests (lib/http/guest-page-cache.ts) show a little more than the API answers
// above: a thread page names its group and category, so their names and face are part of its
// version (hashed, not the group's cache_version, which every post in the group moves).

/** What a guest's thread page shows: null unless its group is public (and, as above, for a thread with polls). */
export async function readPublicThreadPageVersion(threadId: number): Promise<string | null> {
  const pool = await getPool();
  const { rows } = await pool.query<{ v: string | null }>(
    statement(
      `SELECT CASE WHEN g.visibility = 0 AND t.poll_count = 0 AND t.tip_count = 0 AND g.tip_tokens = '[]'::jsonb THEN t.cache_version || '.' || g.frame_version || '.' || e.users_version || '.'
             || md5(ROW(g.name, g.title, g.description, g.logo, g.cover, g.joining, g.members_count, c.name)::text) END AS v
           FROM threads t JOIN groups g ON g.id = t.group_id LEFT JOIN categories c ON c.id = t.category_id
           CROSS JOIN cache_epochs e WHERE t.id = $1`,
      [threadId],
    ),
  );
  return rows[0]?.v ?? null;
}

/** A guest's group and category pages: anything in the group (its row included), every author's face; null unless public. */
export async function readPublicGroupPageVersion(groupName: string): Promise<string | null> {
  const pool = await getPool();
  const { rows } = await pool.query<{ v: string | null }>(
    statement(
      `SELECT CASE WHEN g.visibility = 0 THEN ${GROUP_VERSION_SQL} || '.' || e.users_version END AS v
           FROM groups g CROSS JOIN cache_epochs e WHERE g.name = lower($1)`,
      [groupName],
    ),
  );
  return rows[0]?.v ?? null;
}

/**
 * The directory of groups: every group's version (its row's and its tallies') moves with any change
 * the cards show (counts, activity, name, art, visibility), and versions only grow, so their sum
 * with the count of groups changes whenever any card does. One pass over the groups table (a few thousand rows).
 */
export async function readDirectoryVersion(): Promise<string> {
  const pool = await getPool();
  const { rows } = await pool.query<{ v: string }>(
    statement(`SELECT count(*) || '.' || (COALESCE(sum(cache_version), 0) + (SELECT COALESCE(sum(cache_version), 0) FROM group_tallies)) AS v FROM groups`),
  );
  return rows[0]!.v;
}
