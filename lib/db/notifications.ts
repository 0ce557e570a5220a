import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb, getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";
import { readableGroupSql } from "@/lib/db/memberships";
import { notBannedIn, notIgnoring } from "@/lib/db/notification-recipients";
import type { Tx } from "@/lib/db/engine/transaction";

// Notifications (contract section 13). Every write here is one set-based statement inside the
// caller's transaction; the table's statement triggers publish each person's new unread count
// on 'user:<id>' (migration 20261127010000_notifications), so no caller publishes by hand.

export type NotificationType = "reply" | "post" | "mention" | "like" | "membership" | "quote" | "reminder" | "tip" | "badge";

export interface NotificationRecord {
  id: number;
  type: NotificationType;
  threadId: number;
  postId: number;
  count: number;
  read: boolean;
  /** When the row last grew: the time of its latest event. */
  updatedAt: Date;
  /** Null for a reminder, which nobody caused. */
  actor: { id: number; username: string; photoUrl: string } | null;
  thread: { title: string; slug: string; groupName: string };
  /** The group a membership or badge notification is about (0 for the others). */
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
    INSERT INTO notifications (user_id, type, thread_id, post_id, group_id, actor_id, count, created_at, updated_at)
    SELECT u, 'membership', NULL, NULL, ${groupId}, ${actorId}, 1, now(), now()
    FROM unnest(${ids}::int[]) AS u ORDER BY u`;
}

/** A person who leaves or is removed from a group that is not public stops hearing of its threads. */
export async function forgetGroupThreads(tx: Tx, groupId: number, userId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM notifications n USING threads t WHERE n.user_id = ${userId} AND t.id = n.thread_id AND t.group_id = ${groupId}`;
  await tx.$executeRaw`DELETE FROM subscriptions s USING threads t WHERE s.user_id = ${userId} AND t.id = s.thread_id AND t.group_id = ${groupId}`;
}

/**
 * The tail of every notifying INSERT: an unread row of the same person, thread and type takes the
 * event (count + 1, latest post and actor) instead of a new row. Each row it wrote or raised is
 * returned, for its event to be appended (EVENTS_OF).
 */
export const GROUP_UNREAD = Prisma.sql`
  ON CONFLICT (user_id, thread_id, type) WHERE NOT read AND type <> 'reminder' DO UPDATE SET
    post_id = excluded.post_id, actor_id = excluded.actor_id,
    count = notifications.count + 1, updated_at = excluded.updated_at
  RETURNING id, post_id, actor_id`;

/** The INSERT that appends the events of `notified` (a CTE over an INSERT ending in GROUP_UNREAD). */
export const EVENTS_OF_NOTIFIED = Prisma.sql`
  INSERT INTO notification_events (notification_id, post_id, actor_id) SELECT id, post_id, actor_id FROM notified ORDER BY id`;

/** A like or a tip (contract section 19): its post's author hears of it (not of their own, nor while banned there). */
export async function notifyPostAuthor(tx: Tx, postId: number, actorId: number, type: "like" | "tip"): Promise<void> {
  await tx.$executeRaw`
    WITH notified AS (
      INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, count, created_at, updated_at)
      SELECT p.user_id, ${type}, p.thread_id, p.id, ${actorId}, 1, now(), now()
      FROM posts p WHERE p.id = ${postId} AND p.user_id <> ${actorId} AND ${notBannedIn(Prisma.sql`p.group_id`, Prisma.sql`p.user_id`)}
        AND ${notIgnoring(Prisma.sql`p.user_id`, actorId)}
      ${GROUP_UNREAD}
    ) ${EVENTS_OF_NOTIFIED}`;
}

type EditedPost = { id: number; threadId: number; groupId: number; userId: number };

/**
 * One notification of `type` for each person the `fresh` statement newly remembers (it inserts
 * into a post's memory table and RETURNING user_id), minus the editor, anyone banned in the group
 * or ignoring the editor. One statement.
 */
async function notifyFresh(tx: Tx, post: EditedPost, actorId: number, type: "mention" | "quote", fresh: Prisma.Sql): Promise<void> {
  await tx.$executeRaw`
    WITH fresh AS (${fresh}), notified AS (
      INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, count, created_at, updated_at)
      SELECT fresh.user_id, ${type}, ${post.threadId}, ${post.id}, ${actorId}, 1, now(), now()
      FROM fresh WHERE fresh.user_id <> ${actorId} AND ${notBannedIn(post.groupId, Prisma.sql`fresh.user_id`)}
        AND ${notIgnoring(Prisma.sql`fresh.user_id`, actorId)}
      ORDER BY fresh.user_id
      ${GROUP_UNREAD}
    ) ${EVENTS_OF_NOTIFIED}`;
}

/**
 * Newly mentioned people of an edited post: those its new text names that it never mentioned
 * before (post_mentions remembers), minus its author and the editor.
 */
export async function notifyNewMentions(tx: Tx, post: EditedPost, actorId: number, mentionKeys: readonly string[]): Promise<void> {
  if (mentionKeys.length === 0) return;
  await notifyFresh(
    tx,
    post,
    actorId,
    "mention",
    Prisma.sql`
      INSERT INTO post_mentions (post_id, user_id)
      SELECT ${post.id}, id FROM users WHERE username_key = ANY(${mentionKeys as string[]}::text[]) AND id <> ${post.userId}
      ON CONFLICT DO NOTHING RETURNING user_id`,
  );
}

/**
 * Newly quoted authors of an edited post: those whose posts its new text quotes and it never quoted
 * before (post_quotes remembers), minus its author and the editor.
 */
export async function notifyNewQuotes(tx: Tx, post: EditedPost, actorId: number, quotedUserIds: readonly number[]): Promise<void> {
  if (quotedUserIds.length === 0) return;
  await notifyFresh(
    tx,
    post,
    actorId,
    "quote",
    Prisma.sql`
      INSERT INTO post_quotes (post_id, user_id)
      SELECT ${post.id}, q FROM unnest(${[...quotedUserIds]}::int[]) AS q WHERE q <> ${post.userId}
      ON CONFLICT DO NOTHING RETURNING user_id`,
  );
}

/**
 * Takes events out of grouped rows: every event of a post (deleted), or one person's like of it
 * (taken back, from an unread like row only: a like already seen stays in the history). Rows left
 * empty are deleted; the others keep their count and latest post and actor right.
 */
async function removeEvents(tx: Tx, threadId: number, postId: number, like: { actorId: number } | null): Promise<void> {
  const actorId = like?.actorId ?? null;
  // The rows are locked first in user order, the order a new post's notifying INSERT takes them,
  // so a delete and a post in the same thread never wait on each other in a circle. While they
  // are locked no event can join them, so the second statement (a fresh snapshot) counts what is
  // left exactly, even when a post was appended while this one waited for the locks.
  const touched = await tx.$queryRaw<{ notification_id: number }[]>`
    WITH locked AS (
      SELECT n.id FROM notifications n
      WHERE n.thread_id = ${threadId} AND (${actorId}::int IS NULL OR (n.type = 'like' AND NOT n.read))
        AND EXISTS (SELECT 1 FROM notification_events e WHERE e.notification_id = n.id AND e.post_id = ${postId} AND (${actorId}::int IS NULL OR e.actor_id = ${actorId}::int))
      ORDER BY n.user_id, n.id FOR UPDATE
    )
    DELETE FROM notification_events e USING locked
    WHERE e.notification_id = locked.id AND e.post_id = ${postId} AND (${actorId}::int IS NULL OR e.actor_id = ${actorId}::int)
    RETURNING e.notification_id`;
  const ids = [...new Set(touched.map((row) => row.notification_id))];
  if (ids.length === 0) return;
  // Rows left without events go; the others keep their count and latest post and actor right.
  await tx.$executeRaw`
    WITH emptied AS (
      DELETE FROM notifications n WHERE n.id = ANY(${ids}::int[]) AND NOT EXISTS (SELECT 1 FROM notification_events e WHERE e.notification_id = n.id)
      RETURNING n.id
    ), left_over AS (
      SELECT e.notification_id AS id, count(*)::int AS count,
        (array_agg(e.post_id ORDER BY e.id DESC))[1] AS post_id, (array_agg(e.actor_id ORDER BY e.id DESC))[1] AS actor_id
      FROM notification_events e WHERE e.notification_id = ANY(${ids}::int[]) GROUP BY e.notification_id
    )
    UPDATE notifications n SET count = l.count, post_id = l.post_id, actor_id = l.actor_id
    FROM left_over l WHERE n.id = l.id AND (SELECT count(*) FROM emptied) >= 0`;
}

/**
 * The class of the transaction lock a thread's post notifications take turns on (the thread id is
 * the other half); agora_announce_posts (prisma/derived/post-announcements.sql) takes the same.
 */
const THREAD_NOTIFY_LOCK_CLASS = 1_097_297_778;

/**
 * Waits for the thread's turn to write or take back post notifications, held until the transaction
 * ends. A new post's notifications are written after its commit, in the thread's turn
 * (lib/db/post-announcements.ts); a deleted post's or thread's removal takes its turn too, so it never misses events a fan-out is
 * writing, and a later fan-out sees the deletion.
 */
export async function lockThreadNotifications(tx: Tx, threadId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${THREAD_NOTIFY_LOCK_CLASS}::int, ${threadId}::int)`;
}

/** A deleted post's notifications go with it. */
export async function removePostNotifications(tx: Tx, threadId: number, postId: number): Promise<void> {
  await lockThreadNotifications(tx, threadId);
  await removeEvents(tx, threadId, postId, null);
}

/** An unlike takes its like back while the author has not read it yet. */
export function takeBackLike(tx: Tx, threadId: number, postId: number, actorId: number): Promise<void> {
  return removeEvents(tx, threadId, postId, { actorId });
}

/** A deleted thread's notifications go with it. */
export async function removeThreadNotifications(tx: Tx, threadId: number): Promise<void> {
  await lockThreadNotifications(tx, threadId);
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
  actor_id: number | null;
  username: string | null;
  photo_url: string | null;
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
    LEFT JOIN users u ON u.id = n.actor_id
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
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.username ?? "", photoUrl: row.photo_url ?? "" },
    thread: { title: row.title, slug: row.slug, groupName: row.group_name },
  }));
}

function unreadCountSql(userId: number): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS unread FROM notifications n
    LEFT JOIN threads t ON t.id = n.thread_id
    JOIN groups g ON g.id = COALESCE(t.group_id, n.group_id)
    WHERE n.user_id = ${userId} AND NOT n.read AND ${readableOrAboutMembership(userId)}`;
}

/** How many unread notifications a person has (rows, not events: a grouped row counts once). */
export async function countUnread(userId: number): Promise<number> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ unread: number }[]>(unreadCountSql(userId));
  return rows[0]?.unread ?? 0;
}

/**
 * A page header's bell: the newest live event id (where the page's stream replays from) and the
 * unread count, in one statement, so both are of the same moment.
 */
export async function readBellState(userId: number): Promise<{ cursor: number; unread: number }> {
  // On every signed-in page: straight on the pool as a named statement (lib/db/engine/statements.ts).
  const pool = await getPool();
  const sql = Prisma.sql`SELECT (SELECT max(id) FROM live_events) AS cursor, (${unreadCountSql(userId)}) AS unread`;
  const { rows } = await pool.query<{ cursor: string | null; unread: number | null }>(statement(sql.text, sql.values));
  return { cursor: Number(rows[0]?.cursor ?? 0), unread: rows[0]?.unread ?? 0 };
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
