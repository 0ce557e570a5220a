import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { readableGroupSql } from "@/lib/db/memberships";

// The feeds of contract section 17, one statement each for a page's ids. Every order walks an
// index over live threads (migration 20261201010000_feeds): latest by last post, new by creation,
// top of all time by posts plus likes; unread walks the reader's own read marks and follows; top
// over a period and hot walk thread_rankings, the sums of each thread's window that the database
// keeps (prisma/derived/thread-rankings.sql). Groups the reader may not
// read (and the groups they muted, unless the feed names one) are left out by id, as few as they are.
// A reader tracks a thread when they hold a read mark on it (thread_reads): opening, posting,
// dismissing and following (at 0: never opened, lib/db/subscriptions.ts) all write one.

export type FeedFilter = "latest" | "new" | "unread" | "top" | "hot";
export type FeedPeriod = "day" | "week" | "month" | "year" | "all";

export interface FeedQuery {
  filter: FeedFilter;
  period: FeedPeriod;
  /** The reader; null for a guest (only latest, top and hot). */
  userId: number | null;
  /** 0: every group the reader may read (their muted groups left out); else only this group's threads. */
  groupId: number;
  /** 0: any tag. */
  tagId: number;
  skip: number;
  take: number;
}

/** A thread's read state for one reader: how far they read and how many posts by others follow. */
export interface FeedReadState {
  lastReadPostId: number;
  unreadCount: number;
}

/** `new` looks back this far. */
export const NEW_THREAD_DAYS = 14;
/** The thread_rankings column of each period's sum (prisma/derived/thread-rankings.sql). */
const RANKING_SCORES: Record<Exclude<FeedPeriod, "all">, Prisma.Sql> = {
  day: Prisma.raw("day_score"),
  week: Prisma.raw("week_score"),
  month: Prisma.raw("month_score"),
  year: Prisma.raw("year_score"),
};

const me = (query: { userId: number | null }) => Prisma.sql`${query.userId ?? 0}::int`;

/** What every feed leaves out: removed threads, unreadable groups, muted groups and threads, ignored people's threads, other groups and tags. */
function visibleSql(query: FeedQuery): Prisma.Sql {
  const parts = [Prisma.sql`t.is_delete = 0 AND t.first_post_id IS NOT NULL`];
  if (query.groupId > 0) parts.push(Prisma.sql`t.group_id = ${query.groupId}`);
  else {
    // Computed once per statement (an init plan): the groups this reader may not read, and muted ones.
    const muted = query.userId === null ? Prisma.empty : Prisma.sql` UNION ALL SELECT gm.group_id FROM group_mutes gm WHERE gm.user_id = ${me(query)}`;
    parts.push(Prisma.sql`t.group_id <> ALL (ARRAY(SELECT g.id FROM groups g WHERE g.visibility <> 0 AND NOT ${readableGroupSql(me(query))}${muted}))`);
  }
  if (query.userId !== null) {
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM thread_mutes tm WHERE tm.user_id = ${me(query)} AND tm.thread_id = t.id)`);
    // Threads started by people the reader ignores leave their feeds (contract section 17).
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM user_ignores ui WHERE ui.user_id = ${me(query)} AND ui.ignored_user_id = t.user_id)`);
  }
  if (query.tagId > 0) parts.push(Prisma.sql`EXISTS (SELECT 1 FROM thread_tags tt WHERE tt.thread_id = t.id AND tt.tag_id = ${query.tagId})`);
  return Prisma.join(parts, " AND ");
}

/** A feed's threads (`t`, with any columns its order needs) and the order they come in. */
function feedSource(query: FeedQuery): { from: Prisma.Sql; order: Prisma.Sql } {
  const visible = visibleSql(query);
  const latest = Prisma.sql`t.last_activity_at DESC, t.id DESC`;
  switch (query.filter) {
    case "latest":
      return { from: Prisma.sql`threads t WHERE ${visible}`, order: latest };
    case "new":
      return {
        from: Prisma.sql`threads t WHERE ${visible}
        AND t.created_at > now() - make_interval(days => ${NEW_THREAD_DAYS}) AND t.user_id <> ${me(query)}
        AND NOT EXISTS (SELECT 1 FROM thread_reads r WHERE r.user_id = ${me(query)} AND r.thread_id = t.id AND r.last_post_id > 0)`,
        order: Prisma.sql`t.created_at DESC, t.id DESC`,
      };
    case "unread":
      // Every tracked thread has a read mark (opened, posted in, dismissed; followed: 0), so the
      // walk is the reader's marks by their primary key, each joined to its thread: what they
      // track, never the site. OFFSET 0 keeps the planner from walking the site's threads by
      // activity instead (fast for a heavy reader, but in parallel workers whose start costs more).
      return {
        from: Prisma.sql`(SELECT r.thread_id, r.last_post_id FROM thread_reads r WHERE r.user_id = ${me(query)} OFFSET 0) m
        JOIN threads t ON t.id = m.thread_id WHERE ${visible} AND t.last_post_id > m.last_post_id`,
        order: latest,
      };
    case "top": {
      if (query.period === "all") return { from: Prisma.sql`threads t WHERE ${visible}`, order: Prisma.sql`(t.posts_count + t.likes_count) DESC, ${latest}` };
      const score = RANKING_SCORES[query.period];
      return {
        from: Prisma.sql`thread_rankings r JOIN threads t ON t.id = r.thread_id WHERE ${visible} AND r.${score} > 0`,
        order: Prisma.sql`r.${score} DESC, r.last_activity_at DESC, r.thread_id DESC`,
      };
    }
    case "hot":
      return {
        from: Prisma.sql`thread_rankings r JOIN threads t ON t.id = r.thread_id WHERE ${visible} AND r.hot IS NOT NULL`,
        order: Prisma.sql`r.hot DESC, r.last_activity_at DESC, r.thread_id DESC`,
      };
  }
}

/** The statement selecting the feed's thread ids in order (`id`, and `group_id`), with no window. */
function feedIdsSql(query: FeedQuery): Prisma.Sql {
  const { from, order } = feedSource(query);
  return Prisma.sql`SELECT t.id, t.group_id FROM ${from} ORDER BY ${order}`;
}

/** The feed's thread ids in no order: what a count or a dismissal needs, without sorting them. */
function feedIdSetSql(query: FeedQuery): Prisma.Sql {
  return Prisma.sql`SELECT t.id FROM ${feedSource(query).from}`;
}

/** A thread of a feed page and its group. */
export interface FeedThreadRef {
  id: number;
  groupId: number;
}

/** One page of a feed: its threads in the feed's order, with their groups. */
export async function listFeedThreadIds(query: FeedQuery): Promise<FeedThreadRef[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number; group_id: number }[]>(Prisma.sql`${feedIdsSql(query)} OFFSET ${query.skip} LIMIT ${query.take}`);
  return rows.map((row) => ({ id: row.id, groupId: row.group_id }));
}

/** How many threads a feed holds, counting at most `cap` (the tabs show "99+"). */
export async function countFeedThreads(query: Omit<FeedQuery, "skip" | "take">, cap: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ n: number }[]>(
    Prisma.sql`SELECT count(*)::int AS n FROM (${feedIdSetSql({ ...query, skip: 0, take: cap })} LIMIT ${cap}) f`,
  );
  return row?.n ?? 0;
}

/**
 * The reader's read state on these threads: their mark (0 when never opened) and the live posts by
 * others after it, counted only where they track the thread (a read mark: opened, posted in,
 * dismissed or followed). One probe of the marks' primary key per thread of the page.
 */
export async function findFeedReadStates(userId: number, threadIds: readonly number[]): Promise<Map<number, FeedReadState>> {
  if (threadIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number; mark: number; unread: number }[]>`
    SELECT m.thread_id AS id, m.last_post_id AS mark,
      (SELECT count(*)::int FROM posts p WHERE p.thread_id = m.thread_id AND p.deleted = 0 AND p.id > m.last_post_id AND p.user_id <> ${userId}) AS unread
    FROM thread_reads m WHERE m.user_id = ${userId} AND m.thread_id = ANY(${[...threadIds]}::int[])`;
  return new Map(rows.map((row) => [row.id, { lastReadPostId: row.mark, unreadCount: row.unread }]));
}

/**
 * Dismisses a feed (new or unread, as the reader sees it): each of its threads counts as read up to
 * its newest post (a read mark written or moved forward, never back). Answers how many threads.
 */
export async function dismissFeedThreads(query: Omit<FeedQuery, "skip" | "take" | "period">): Promise<number> {
  const db = await getDb();
  const ids = feedIdSetSql({ ...query, period: "week", skip: 0, take: 0 });
  return db.$executeRaw(Prisma.sql`
    INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count, read_at)
    SELECT ${me(query)}, t.id, COALESCE(t.last_post_id, 0), t.posts_count, now() FROM threads t WHERE t.id IN (${ids})
    ON CONFLICT (user_id, thread_id) DO UPDATE
      SET last_post_id = GREATEST(thread_reads.last_post_id, excluded.last_post_id), posts_count = excluded.posts_count, read_at = excluded.read_at`);
}

/** The group's brief as feeds show it with each thread. */
export interface FeedGroup {
  id: number;
  name: string;
  title: string;
  logo: string;
}

/** The briefs of these groups, by id. */
export async function findFeedGroups(ids: readonly number[]): Promise<Map<number, FeedGroup>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.group.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, title: true, logo: true } });
  return new Map(rows.map((row) => [row.id, row]));
}
