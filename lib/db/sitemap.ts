import "server-only";
import { getDb } from "@/lib/db/engine/client";

// What the sitemap lists: public groups (visibility 0) and their live, routable threads. Pages
// are windows of ids, so each is one range scan over a primary key however large the tables
// grow: no OFFSET, no COUNT over every thread.

export interface SitemapGroupRow {
  name: string;
  lastModified: Date;
}

export interface SitemapThreadRow {
  id: number;
  slug: string;
  groupName: string;
  lastModified: Date;
}

/** One window of ids: from `firstId` to `lastId`, both included. */
export interface IdWindow {
  firstId: number;
  lastId: number;
}

/** The highest group id and thread id (0 when there are none): two backward steps of the primary keys. */
export async function findHighestIds(): Promise<{ groupId: number; threadId: number }> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ groupId: number | null; threadId: number | null }[]>`
    SELECT (SELECT max(id) FROM groups) AS "groupId", (SELECT max(id) FROM threads) AS "threadId"`;
  return { groupId: row?.groupId ?? 0, threadId: row?.threadId ?? 0 };
}

/** Public groups whose ids fall in the window, by id; a group changes with its settings and its threads' activity. */
export async function listPublicGroupsIn(window: IdWindow): Promise<SitemapGroupRow[]> {
  const db = await getDb();
  return db.$queryRaw<SitemapGroupRow[]>`
    SELECT name, GREATEST(updated_at, last_activity_at) AS "lastModified"
    FROM groups
    WHERE id BETWEEN ${window.firstId} AND ${window.lastId} AND visibility = 0
    ORDER BY id`;
}

/**
 * Threads of public groups whose ids fall in the window, by id: never deleted ones, nor one
 * without an opening post (it has no page). The range drives the plan (threads_pkey); each row's
 * group is one primary-key probe.
 */
export async function listPublicThreadsIn(window: IdWindow): Promise<SitemapThreadRow[]> {
  const db = await getDb();
  return db.$queryRaw<SitemapThreadRow[]>`
    SELECT t.id, t.slug, g.name AS "groupName", GREATEST(t.updated_at, t.last_activity_at) AS "lastModified"
    FROM threads t JOIN groups g ON g.id = t.group_id
    WHERE t.id BETWEEN ${window.firstId} AND ${window.lastId} AND t.is_delete = 0 AND t.first_post_id IS NOT NULL AND g.visibility = 0
    ORDER BY t.id`;
}
