import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// The counters a post moves, recomputed from the rows: each thread's posts_count, first_level_count
// and last post; each group's posts_count (its row plus its tallies) against its threads'; each
// author's posts_count (row plus tallies) against their posts. A post moves a thread's counters and
// its group's and author's tallies in one statement, so any one snapshot sees the counters and the
// rows agree: a difference found in one statement is drift, never a write in flight.

/** Limits a recount to some rows (tests, a look at one group); all rows when left out. */
export interface RecountScope {
  threadIds?: readonly number[];
  groupIds?: readonly number[];
  userIds?: readonly number[];
}

/** One counter that did not match its rows: what it held and what the rows say. */
export interface CounterDrift {
  table: "threads" | "groups" | "users";
  id: number;
  counter: string;
  stored: number;
  counted: number;
}

type Db = Tx | Awaited<ReturnType<typeof getDb>>;

function within(column: Prisma.Sql, ids: readonly number[] | undefined): Prisma.Sql {
  return ids === undefined ? Prisma.sql`true` : Prisma.sql`${column} = ANY(${ids as number[]}::int[])`;
}

interface ThreadRow {
  id: number;
  posts_count: number;
  first_level_count: number;
  last_post_id: number | null;
  n: number;
  first_level: number;
  last_id: number | null;
}

/** The threads whose counters differ from their posts (one statement: one snapshot). */
async function threadDrift(db: Db, scope: RecountScope): Promise<ThreadRow[]> {
  return db.$queryRaw<ThreadRow[]>`
    SELECT t.id, t.posts_count, t.first_level_count, t.last_post_id, c.n, c.first_level, c.last_id
    FROM threads t CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, (count(*) FILTER (WHERE p.parent_id IS NULL AND p.id IS DISTINCT FROM t.first_post_id))::int AS first_level, max(p.id) AS last_id
      FROM posts p WHERE p.thread_id = t.id
    ) c
    WHERE ${within(Prisma.sql`t.id`, scope.threadIds)} AND ${within(Prisma.sql`t.group_id`, scope.groupIds)}
      AND (t.posts_count <> c.n OR t.first_level_count <> c.first_level OR t.last_post_id IS DISTINCT FROM c.last_id)
    ORDER BY t.id`;
}

interface TalliedRow {
  id: number;
  stored: number;
  counted: number;
}

/** The groups whose posts_count (row plus tallies) differs from their threads'. */
async function groupDrift(db: Db, scope: RecountScope): Promise<TalliedRow[]> {
  return db.$queryRaw<TalliedRow[]>`
    SELECT id, stored::int, counted::int FROM (
      SELECT g.id, g.posts_count + COALESCE((SELECT sum(s.posts_count) FROM group_tallies s WHERE s.group_id = g.id), 0) AS stored,
        COALESCE((SELECT sum(t.posts_count) FROM threads t WHERE t.group_id = g.id), 0) AS counted
      FROM groups g WHERE ${within(Prisma.sql`g.id`, scope.groupIds)}
    ) c
    WHERE stored <> counted ORDER BY id`;
}

/** The users whose posts_count (row plus tallies) differs from their posts. */
async function userDrift(db: Db, scope: RecountScope): Promise<TalliedRow[]> {
  return db.$queryRaw<TalliedRow[]>`
    SELECT id, stored::int, counted::int FROM (
      SELECT u.id, u.posts_count + COALESCE((SELECT sum(s.posts_count) FROM user_tallies s WHERE s.user_id = u.id), 0) AS stored,
        (SELECT count(*) FROM posts p WHERE p.user_id = u.id) AS counted
      FROM users u WHERE ${within(Prisma.sql`u.id`, scope.userIds)}
    ) c
    WHERE stored <> counted ORDER BY id`;
}

/** Every counter that differs from its rows, nothing changed. */
export async function findCounterDrift(scope: RecountScope = {}): Promise<CounterDrift[]> {
  const db = await getDb();
  const [threads, groups, users] = [await threadDrift(db, scope), await groupDrift(db, scope), await userDrift(db, scope)];
  return [
    ...threads.flatMap((row) =>
      [
        { counter: "posts_count", stored: row.posts_count, counted: row.n },
        { counter: "first_level_count", stored: row.first_level_count, counted: row.first_level },
        { counter: "last_post_id", stored: row.last_post_id ?? 0, counted: row.last_id ?? 0 },
      ]
        .filter((counter) => counter.stored !== counter.counted)
        .map((counter) => ({ table: "threads" as const, id: row.id, ...counter })),
    ),
    ...groups.map((row) => ({ table: "groups" as const, counter: "posts_count", ...row })),
    ...users.map((row) => ({ table: "users" as const, counter: "posts_count", ...row })),
  ];
}

/**
 * Sets the drifted threads' counters from their posts. Their rows are locked first (in id order, as
 * posts lock them), then counted in a fresh statement: a post written meanwhile either committed
 * before (counted) or waits on the lock and moves the corrected counter after.
 */
export async function fixThreadCounters(tx: Tx, threadIds: readonly number[]): Promise<void> {
  if (threadIds.length === 0) return;
  await tx.$queryRaw`SELECT id FROM threads WHERE id = ANY(${threadIds as number[]}::int[]) ORDER BY id FOR UPDATE`;
  await tx.$executeRaw`
    UPDATE threads t SET posts_count = c.n, first_level_count = c.first_level, last_post_id = c.last_id,
      last_post_user_id = COALESCE((SELECT user_id FROM posts WHERE id = c.last_id), t.last_post_user_id)
    FROM threads t2 CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, (count(*) FILTER (WHERE p.parent_id IS NULL AND p.id IS DISTINCT FROM t2.first_post_id))::int AS first_level, max(p.id) AS last_id
      FROM posts p WHERE p.thread_id = t2.id
    ) c
    WHERE t2.id = t.id AND t.id = ANY(${threadIds as number[]}::int[])
      AND (t.posts_count <> c.n OR t.first_level_count <> c.first_level OR t.last_post_id IS DISTINCT FROM c.last_id)`;
}

/**
 * Sets the drifted groups' and users' base counters so that base plus tallies equals the rows. Posts
 * never write the base, and move the rows and the tallies together, so the base computed from one
 * snapshot is right whatever commits meanwhile.
 */
export async function fixTalliedCounters(tx: Tx, groupIds: readonly number[], userIds: readonly number[]): Promise<void> {
  if (groupIds.length > 0)
    await tx.$executeRaw`
      UPDATE groups g SET posts_count = COALESCE((SELECT sum(t.posts_count) FROM threads t WHERE t.group_id = g.id), 0)
        - COALESCE((SELECT sum(s.posts_count) FROM group_tallies s WHERE s.group_id = g.id), 0)
      WHERE g.id = ANY(${groupIds as number[]}::int[])`;
  if (userIds.length > 0)
    await tx.$executeRaw`
      UPDATE users u SET posts_count = (SELECT count(*) FROM posts p WHERE p.user_id = u.id)
        - COALESCE((SELECT sum(s.posts_count) FROM user_tallies s WHERE s.user_id = u.id), 0)
      WHERE u.id = ANY(${userIds as number[]}::int[])`;
}
