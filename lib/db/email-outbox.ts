import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { readableGroupSql } from "@/lib/db/memberships";
import type { NotificationType } from "@/lib/db/notifications";

// The notification email outbox (prisma/derived/email-outbox.sql fills it) and the per-thread
// throttle. Rows are taken FOR UPDATE SKIP LOCKED, so instances draining at once never take one twice.

export interface DueNotificationEmail {
  outboxId: bigint;
  notificationId: number;
  userId: number;
  type: string;
  threadId: number | null;
  /** Read on the site: the notification itself, or the thread read past its post. */
  read: boolean;
  /** The address is still confirmed, the account active (not suspended) and the group still readable by them. */
  deliverable: boolean;
  /** settings.email_notifications as stored ("mentions" when unset). */
  preference: string;
  /** The last notification email of this person and thread. */
  threadSentAt: Date | null;
}

interface DueRow {
  id: bigint;
  notification_id: number;
  user_id: number;
  type: string;
  thread_id: number | null;
  read: boolean;
  deliverable: boolean;
  preference: string;
  thread_sent_at: Date | null;
}

/** Outbox rows that waited `delaySeconds` and are not held, locked for the caller's transaction. */
export async function takeDueNotificationEmails(tx: Tx, delaySeconds: number, limit: number): Promise<DueNotificationEmail[]> {
  const rows = await tx.$queryRaw<DueRow[]>`
    SELECT e.id, e.notification_id, e.user_id, n.type, n.thread_id,
      (n.read OR EXISTS (SELECT 1 FROM thread_reads r WHERE r.user_id = n.user_id AND r.thread_id = n.thread_id AND r.last_post_id >= n.post_id)) AS read,
      (s.confirmed_address IS NOT NULL AND s.confirmed_address = u.email AND u.activate = 1 AND (n.type = 'membership' OR ${readableGroupSql(Prisma.sql`e.user_id`)})) AS deliverable,
      COALESCE(u.settings->>'email_notifications', 'mentions') AS preference, ts.sent_at AS thread_sent_at
    FROM email_outbox e
    JOIN notifications n ON n.id = e.notification_id
    JOIN users u ON u.id = e.user_id
    LEFT JOIN user_email_states s ON s.user_id = e.user_id
    LEFT JOIN threads t ON t.id = n.thread_id
    JOIN groups g ON g.id = COALESCE(t.group_id, n.group_id)
    LEFT JOIN email_thread_sends ts ON ts.user_id = e.user_id AND ts.thread_id = n.thread_id
    WHERE e.created_at <= now() - make_interval(secs => ${delaySeconds}) AND (e.hold_until IS NULL OR e.hold_until <= now())
    ORDER BY e.id
    LIMIT ${limit}
    FOR UPDATE OF e SKIP LOCKED`;
  return rows.map((row) => ({
    outboxId: row.id,
    notificationId: row.notification_id,
    userId: row.user_id,
    type: row.type,
    threadId: row.thread_id,
    read: row.read,
    deliverable: row.deliverable,
    preference: row.preference,
    threadSentAt: row.thread_sent_at,
  }));
}

export async function deleteOutboxRows(tx: Tx, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.emailOutboxEntry.deleteMany({ where: { id: { in: [...ids] } } });
}

export async function holdOutboxRow(tx: Tx, id: bigint, until: Date): Promise<void> {
  await tx.emailOutboxEntry.update({ where: { id }, data: { holdUntil: until }, select: { id: true } });
}

export async function recordThreadEmail(tx: Tx, userId: number, threadId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO email_thread_sends (user_id, thread_id, sent_at) VALUES (${userId}, ${threadId}, now())
    ON CONFLICT (user_id, thread_id) DO UPDATE SET sent_at = now()`;
}

/** One notification as its email shows it. */
export interface NotificationMailRecord {
  userId: number;
  username: string;
  address: string | null;
  confirmed: boolean;
  type: NotificationType;
  count: number;
  read: boolean;
  actorName: string | null;
  threadId: number | null;
  threadTitle: string;
  threadSlug: string;
  groupName: string;
  postId: number | null;
  /** The post's delta and stored HTML (null when the post is gone or was deleted). */
  postContent: string | null;
  postHtml: string | null;
}

export async function findNotificationMail(notificationId: number): Promise<NotificationMailRecord | null> {
  const db = await getDb();
  const rows = await db.$queryRaw<
    {
      user_id: number;
      username: string;
      email: string | null;
      confirmed: boolean;
      type: string;
      count: number;
      read: boolean;
      actor_name: string | null;
      thread_id: number | null;
      title: string;
      slug: string;
      group_name: string;
      post_id: number | null;
      content: string | null;
      content_html: string | null;
    }[]
  >`
    SELECT n.user_id, u.username, u.email, (s.confirmed_address IS NOT NULL AND s.confirmed_address = u.email) AS confirmed,
      n.type, n.count, n.read, a.username AS actor_name, n.thread_id, COALESCE(t.title, g.title) AS title, COALESCE(t.slug, '') AS slug,
      g.name AS group_name, n.post_id, CASE WHEN p.deleted = 0 THEN p.content END AS content, CASE WHEN p.deleted = 0 THEN p.content_html END AS content_html
    FROM notifications n
    JOIN users u ON u.id = n.user_id
    LEFT JOIN user_email_states s ON s.user_id = n.user_id
    LEFT JOIN users a ON a.id = n.actor_id
    LEFT JOIN threads t ON t.id = n.thread_id
    JOIN groups g ON g.id = COALESCE(t.group_id, n.group_id)
    LEFT JOIN posts p ON p.id = n.post_id
    WHERE n.id = ${notificationId}`;
  const row = rows[0];
  if (!row) return null;
  return {
    userId: row.user_id,
    username: row.username,
    address: row.email,
    confirmed: row.confirmed,
    // The column holds only what the notification writers put there.
    type: row.type as NotificationType,
    count: row.count,
    read: row.read,
    actorName: row.actor_name,
    threadId: row.thread_id,
    threadTitle: row.title,
    threadSlug: row.slug,
    groupName: row.group_name,
    postId: row.post_id,
    postContent: row.content,
    postHtml: row.content_html,
  };
}
