import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { readableGroupSql } from "@/lib/db/memberships";
import type { Tx } from "@/lib/db/transaction";

// Notifications (contract section 13). Every write here is one set-based statement inside the
// caller's transaction; the table's statement triggers publish each person's new unread count
// on 'user:<id>' (migration 20261127010000_notifications), so no caller publishes by hand.

export type NotificationType = "reply" | "post" | "mention" | "like" | "membership";

export interface NotificationRecord {
  id: number;
  type: NotificationType;
  threadId: number;
  postId: number;
  count: number;
  read: boolean;
  /** When the row last grew: the time of its latest event. */
  updatedAt: Date;
  actor: { id: number; username: string; photoUrl: string };
  thread: { title: string; slug: string; groupName: string };
  /** The group a membership notification is about (0 for the others). */
  groupId: number;
}

/** A notification reaches its person only while they may read its group (membership ones always: they are about joining it). */
function readableOrAboutMembership(userId: number): Prisma.Sql {
  return Prisma.sql`(n.type = 'membership' OR ${readableGroupSql(Prisma.sql`${userId}::int`)})`;
}

/**
 * Membership notifications (contract section 14): a request answered, an invitation, a new
 * request for the group's moderators. No thread or post; `actor` is who acted.
 */
export async function notifyMembership(tx: Tx, groupId: number, actorId: number, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)].filter((id) => id !== actorId);
  if (ids.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO notifications (user_id, type, thread_id, post_id, group_id, actor_id, post_ids, actor_ids, count, created_at, updated_at)
    SELECT u, 'membership', NULL, NULL, ${groupId}, ${actorId}, '{}', ARRAY[${actorId}::int], 1, now(), now()
    FROM unnest(${ids}::int[]) AS u ORDER BY u`;
}

/** A person who leaves or is removed from a group that is not public stops hearing of its threads. */
export async function forgetGroupThreads(tx: Tx, groupId: number, userId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM notifications n USING threads t WHERE n.user_id = ${userId} AND t.id = n.thread_id AND t.group_id = ${groupId}`;
  await tx.$executeRaw`DELETE FROM subscriptions s USING threads t WHERE s.user_id = ${userId} AND t.id = s.thread_id AND t.group_id = ${groupId}`;
}

/** A person with a live ban in the group gets nothing from it (`who` is the recipient column). */
export function notBannedIn(groupId: Prisma.Sql | number, who: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = ${groupId} AND b.user_id = ${who} AND (b.until IS NULL OR b.until > now()))`;
}

/**
 * The tail of every notifying INSERT: an unread row of the same person, thread and type takes the
 * event (count + 1, latest post and actor) instead of a new row.
 */
export const GROUP_UNREAD = Prisma.sql`
  ON CONFLICT (user_id, thread_id, type) WHERE NOT read DO UPDATE SET
    post_id = excluded.post_id, actor_id = excluded.actor_id,
    post_ids = notifications.post_ids || excluded.post_ids, actor_ids = notifications.actor_ids || excluded.actor_ids,
    count = notifications.count + 1, updated_at = excluded.updated_at`;

/** A like: its post's author hears of it (not when liking their own post, nor while banned there). */
export async function notifyLike(tx: Tx, postId: number, actorId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, post_ids, actor_ids, count, created_at, updated_at)
    SELECT p.user_id, 'like', p.thread_id, p.id, ${actorId}, ARRAY[p.id], ARRAY[${actorId}::int], 1, now(), now()
    FROM posts p WHERE p.id = ${postId} AND p.user_id <> ${actorId} AND ${notBannedIn(Prisma.sql`p.group_id`, Prisma.sql`p.user_id`)}
    ${GROUP_UNREAD}`;
}

/**
 * Newly mentioned people of an edited post: those its new text names that it never mentioned
 * before (post_mentions remembers), minus its author and the editor. One statement.
 */
export async function notifyNewMentions(
  tx: Tx,
  post: { id: number; threadId: number; groupId: number; userId: number },
  actorId: number,
  mentionKeys: readonly string[],
): Promise<void> {
  if (mentionKeys.length === 0) return;
  await tx.$executeRaw`
    WITH fresh AS (
      INSERT INTO post_mentions (post_id, user_id)
      SELECT ${post.id}, id FROM users WHERE username_key = ANY(${mentionKeys as string[]}::text[]) AND id <> ${post.userId}
      ON CONFLICT DO NOTHING RETURNING user_id
    )
    INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, post_ids, actor_ids, count, created_at, updated_at)
    SELECT fresh.user_id, 'mention', ${post.threadId}, ${post.id}, ${actorId}, ARRAY[${post.id}::int], ARRAY[${actorId}::int], 1, now(), now()
    FROM fresh WHERE fresh.user_id <> ${actorId} AND ${notBannedIn(post.groupId, Prisma.sql`fresh.user_id`)}
    ORDER BY fresh.user_id
    ${GROUP_UNREAD}`;
}

/**
 * Takes events out of grouped rows: every event of a post (deleted), or one person's like of it
 * (taken back, from an unread like row only: a like already seen stays in the history). Rows left
 * empty are deleted; the others keep their count and latest post and actor right.
 */
async function removeEvents(tx: Tx, threadId: number, postId: number, like: { actorId: number } | null): Promise<void> {
  const actorId = like?.actorId ?? null;
  // The rows are locked first in user order, the order a new post's notifying INSERT takes them,
  // so a delete and a post in the same thread never wait on each other in a circle; the arrays
  // are taken from the locked (latest) rows, so an event appended meanwhile is never lost.
  await tx.$executeRaw`
    WITH locked AS (
      SELECT n.id, n.post_ids, n.actor_ids FROM notifications n
      WHERE n.thread_id = ${threadId} AND n.post_ids @> ARRAY[${postId}::int]
        AND (${actorId}::int IS NULL OR (n.type = 'like' AND NOT n.read AND n.actor_ids @> ARRAY[${actorId}::int]))
      ORDER BY n.user_id, n.id FOR UPDATE
    ), changed AS (
      SELECT locked.id,
        array_agg(e.p ORDER BY e.i) FILTER (WHERE NOT (e.p = ${postId} AND (${actorId}::int IS NULL OR e.a = ${actorId}::int))) AS post_ids,
        array_agg(e.a ORDER BY e.i) FILTER (WHERE NOT (e.p = ${postId} AND (${actorId}::int IS NULL OR e.a = ${actorId}::int))) AS actor_ids
      FROM locked CROSS JOIN LATERAL unnest(locked.post_ids, locked.actor_ids) WITH ORDINALITY AS e(p, a, i)
      GROUP BY locked.id
    ), emptied AS (
      DELETE FROM notifications n USING changed c WHERE n.id = c.id AND c.post_ids IS NULL RETURNING n.id
    )
    UPDATE notifications n SET post_ids = c.post_ids, actor_ids = c.actor_ids, count = cardinality(c.post_ids),
      post_id = c.post_ids[cardinality(c.post_ids)], actor_id = c.actor_ids[cardinality(c.actor_ids)]
    FROM changed c WHERE n.id = c.id AND c.post_ids IS NOT NULL AND (SELECT count(*) FROM emptied) >= 0`;
}

/** A deleted post's notifications go with it. */
export function removePostNotifications(tx: Tx, threadId: number, postId: number): Promise<void> {
  return removeEvents(tx, threadId, postId, null);
}

/** An unlike takes its like back while the author has not read it yet. */
export function takeBackLike(tx: Tx, threadId: number, postId: number, actorId: number): Promise<void> {
  return removeEvents(tx, threadId, postId, { actorId });
}

/** A deleted thread's notifications go with it. */
export async function removeThreadNotifications(tx: Tx, threadId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM notifications WHERE thread_id = ${threadId}`;
}

interface NotificationRow {
  id: number;
  type: NotificationType;
  thread_id: number | null;
  post_id: number | null;
  group_id: number | null;
  count: number;
  read: boolean;
  updated_at: Date;
  actor_id: number;
  username: string;
  photo_url: string;
  title: string;
  slug: string;
  group_name: string;
}

/** A page of a person's notifications, newest first, with their actors and threads (one statement). */
export async function listNotifications(userId: number, query: { unreadOnly: boolean; offset: number; limit: number }): Promise<NotificationRecord[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<NotificationRow[]>`
    SELECT n.id, n.type, n.thread_id, n.post_id, g.id AS group_id, n.count, n.read, n.updated_at, n.actor_id,
      u.username, u.photo_url, COALESCE(t.title, g.title) AS title, COALESCE(t.slug, '') AS slug, g.name AS group_name
    FROM notifications n
    JOIN users u ON u.id = n.actor_id
    LEFT JOIN threads t ON t.id = n.thread_id
    JOIN groups g ON g.id = COALESCE(t.group_id, n.group_id)
    WHERE n.user_id = ${userId} AND (${!query.unreadOnly} OR NOT n.read) AND ${readableOrAboutMembership(userId)}
    ORDER BY n.updated_at DESC, n.id DESC
    OFFSET ${query.offset} LIMIT ${query.limit}`;
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    threadId: row.thread_id ?? 0,
    postId: row.post_id ?? 0,
    groupId: row.group_id ?? 0,
    count: row.count,
    read: row.read,
    updatedAt: row.updated_at,
    actor: { id: row.actor_id, username: row.username, photoUrl: row.photo_url },
    thread: { title: row.title, slug: row.slug, groupName: row.group_name },
  }));
}

/** How many unread notifications a person has (rows, not events: a grouped row counts once). */
export async function countUnread(userId: number): Promise<number> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ unread: number }[]>`
    SELECT count(*)::int AS unread FROM notifications n
    LEFT JOIN threads t ON t.id = n.thread_id
    JOIN groups g ON g.id = COALESCE(t.group_id, n.group_id)
    WHERE n.user_id = ${userId} AND NOT n.read AND ${readableOrAboutMembership(userId)}`;
  return rows[0]?.unread ?? 0;
}

/**
 * Marks some of a person's notifications read (ids of anyone else's match nothing) or all of
 * them, and answers the unread count it leaves, in one statement (the count reads the snapshot
 * from before the update, so the rows it marked are taken off).
 */
export async function markRead(userId: number, which: { ids: readonly number[] } | "all"): Promise<number> {
  const db = await getDb();
  const all = which === "all";
  const ids = which === "all" ? [] : [...which.ids];
  const rows = await db.$queryRaw<{ unread: number }[]>`
    WITH marked AS (
      UPDATE notifications SET read = true
      WHERE user_id = ${userId} AND NOT read AND (${all} OR id = ANY(${ids}::int[]))
      RETURNING id
    )
    SELECT (count(*) - (SELECT count(*) FROM marked))::int AS unread FROM notifications WHERE user_id = ${userId} AND NOT read`;
  return rows[0]?.unread ?? 0;
}
