import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { CreatedPostRecord } from "@/lib/db/created-post";
import { isSet } from "@/lib/db/records/codes";
import { EVENTS_OF_NOTIFIED, GROUP_UNREAD, notBannedIn } from "@/lib/db/notifications";
import type { Tx } from "@/lib/db/engine/transaction";

export interface PostInsert {
  threadId: number;
  groupId: number;
  userId: number;
  /** Normalised delta JSON. */
  content: string;
  /** Its sanitised HTML (lib/services/content.ts), and its list preview when it is long. */
  html: string;
  preview: string | null;
  /** The post replied to (it must be in the thread), or null for a top-level post. */
  parentId: number | null;
  /** The thread's opening post: it becomes first_post_id and is not a first-level reply. */
  isFirstPost: boolean;
  /** users.username_key of the names the post mentions (lib/delta/mentions.ts); unknown ones match nobody. */
  mentionKeys: readonly string[];
}

interface InsertedRow {
  id: number;
  thread_id: number;
  group_id: number;
  user_id: number;
  parent_id: number | null;
  depth: number;
  content: string;
  sign: string | null;
  sign_msg: string;
  likes_count: number;
  report_count: number;
  u_username: string;
  u_email: string | null;
  u_photo_url: string;
  u_public_key: string | null;
  u_likes_count: number;
  u_posts_count: number;
  u_activate: number;
  u_last_post_at: Date | null;
  u_payment_cus_id: string;
  wallet: string | null;
}

/**
 * The CTEs that notify of a new post, after `post`, `parent` and `author`: who gets what is
 * decided by rank (reply before mention before post), so nobody hears twice of one post, and
 * never the author nor anyone banned in the group. Set-based: one INSERT over the thread's
 * followers, rows in user order (concurrent posts lock shared rows in one order).
 */
function notifyClause(input: { threadId: number; groupId: number; userId: number; mentionKeys: readonly string[]; now: Date }): Prisma.Sql {
  const { threadId, groupId, userId, mentionKeys, now } = input;
  return Prisma.sql`mentioned AS (
      SELECT id AS user_id FROM users WHERE username_key = ANY(${mentionKeys as string[]}::text[]) AND id <> ${userId}
    ), mention AS (
      INSERT INTO post_mentions (post_id, user_id) SELECT post.id, mentioned.user_id FROM post CROSS JOIN mentioned ON CONFLICT DO NOTHING
    ), recipient AS (
      SELECT DISTINCT ON (r.user_id) r.user_id, r.type FROM (
        SELECT user_id, 'reply' AS type, 1 AS rank FROM parent WHERE deleted = 0
        UNION ALL SELECT user_id, 'mention', 2 FROM mentioned
        UNION ALL SELECT user_id, 'post', 3 FROM subscriptions WHERE thread_id = ${threadId}
      ) r
      WHERE r.user_id <> ${userId} AND ${notBannedIn(groupId, Prisma.sql`r.user_id`)}
      ORDER BY r.user_id, r.rank
    ), notified AS (
      INSERT INTO notifications (user_id, type, thread_id, post_id, actor_id, count, created_at, updated_at)
      SELECT recipient.user_id, recipient.type, ${threadId}, post.id, ${userId}, 1, ${now}, ${now}
      FROM recipient CROSS JOIN post WHERE EXISTS (SELECT 1 FROM author)
      ORDER BY recipient.user_id
      ${GROUP_UNREAD}
    ), notified_events AS (${EVENTS_OF_NOTIFIED})`;
}

/**
 * Writes a post and every row it moves in ONE statement: the post; its parent's children_count;
 * the thread's counters, last post (the newest by id, whatever order concurrent posts commit in)
 * and participants; the group's and the author's counters; the author's membership and
 * subscription. Counters move by increments and the CTEs lock rows in one order (post, parent,
 * thread, group, user), as every other write does. `updated_at` moves on each updated row, as
 * Prisma's @updatedAt would. The same statement notifies (notifyClause): the parent's author
 * (reply), the people mentioned (mention, remembered in post_mentions) and the thread's
 * followers (post), one notification per person. Answers null when the parent is not a post of the thread (nothing is
 * written then). The statement is atomic on its own; inside a transaction pass `tx`.
 */
export async function insertPostRow(input: PostInsert, tx?: Tx): Promise<CreatedPostRecord | null> {
  const db = tx ?? (await getDb());
  const now = new Date();
  const { threadId, groupId, userId, content, html, preview, parentId, isFirstPost, mentionKeys } = input;
  const firstLevel = parentId === null && !isFirstPost ? 1 : 0;
  const rows = await db.$queryRaw<InsertedRow[]>(Prisma.sql`
    WITH parent AS (
      SELECT id, depth, COALESCE(root_id, id) AS root_id, user_id, deleted FROM posts WHERE id = ${parentId}::int AND thread_id = ${threadId}
    ), post AS (
      INSERT INTO posts (thread_id, group_id, user_id, parent_id, root_id, depth, reply_uid, content, content_html, content_preview, sign_msg, created_at, updated_at)
      SELECT ${threadId}, ${groupId}, ${userId}, parent.id, parent.root_id, COALESCE(parent.depth + 1, 0), COALESCE(parent.user_id, 0), ${content}, ${html}, ${preview}, '', ${now}, ${now}
      FROM (SELECT 1) AS one LEFT JOIN parent ON true
      WHERE ${parentId}::int IS NULL OR parent.id IS NOT NULL
      RETURNING id, thread_id, group_id, user_id, parent_id, depth, content, sign, sign_msg, likes_count, report_count
    ), parent_count AS (
      UPDATE posts SET children_count = children_count + 1 WHERE id = (SELECT parent_id FROM post) RETURNING id
    ), participant AS (
      INSERT INTO thread_participants (thread_id, user_id) SELECT ${threadId}, ${userId} FROM post ON CONFLICT DO NOTHING RETURNING user_id
    ), thread AS (
      UPDATE threads SET
        posts_count = posts_count + 1,
        participants_count = participants_count + (SELECT count(*)::int FROM participant),
        first_level_count = first_level_count + ${firstLevel},
        last_post_user_id = CASE WHEN post.id > COALESCE(last_post_id, 0) THEN ${userId} ELSE last_post_user_id END,
        last_post_id = GREATEST(COALESCE(last_post_id, 0), post.id),
        last_activity_at = GREATEST(last_activity_at, ${now}),
        first_post_id = CASE WHEN ${isFirstPost} THEN post.id ELSE first_post_id END,
        updated_at = ${now}
      -- Reading parent_count here runs it first: the parent is locked before the thread, as likes do.
      FROM post WHERE threads.id = ${threadId} AND (SELECT count(*) FROM parent_count) >= 0
      RETURNING threads.id
    ), member AS (
      INSERT INTO group_members (group_id, user_id) SELECT ${groupId}, ${userId} FROM thread ON CONFLICT DO NOTHING RETURNING user_id
    ), grp AS (
      UPDATE groups SET posts_count = posts_count + 1, members_count = members_count + (SELECT count(*)::int FROM member),
        last_activity_at = ${now}, updated_at = ${now}
      WHERE id = ${groupId} AND EXISTS (SELECT 1 FROM thread) RETURNING id
    ), author AS (
      UPDATE users SET posts_count = posts_count + 1, last_post_at = ${now}, updated_at = ${now}
      WHERE id = ${userId} AND EXISTS (SELECT 1 FROM grp)
      RETURNING username, email, photo_url, public_key, likes_count, posts_count, activate, last_post_at, payment_cus_id
    ), subscription AS (
      INSERT INTO subscriptions (user_id, thread_id) SELECT ${userId}, ${threadId} FROM author ON CONFLICT DO NOTHING
    ), ${notifyClause({ threadId, groupId, userId, mentionKeys, now })}
    SELECT post.*, author.username AS u_username, author.email AS u_email, author.photo_url AS u_photo_url,
      author.public_key AS u_public_key, author.likes_count AS u_likes_count, author.posts_count AS u_posts_count,
      author.activate AS u_activate, author.last_post_at AS u_last_post_at, author.payment_cus_id AS u_payment_cus_id,
      (SELECT address FROM wallets WHERE user_id = ${userId} ORDER BY id LIMIT 1) AS wallet
    FROM post CROSS JOIN author`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    threadId: row.thread_id,
    groupId: row.group_id,
    userId: row.user_id,
    parentId: row.parent_id,
    depth: row.depth,
    content: row.content,
    sign: row.sign,
    signMsg: row.sign_msg,
    likesCount: row.likes_count,
    reportCount: row.report_count,
    user: {
      id: row.user_id,
      username: row.u_username,
      email: row.u_email,
      photoUrl: row.u_photo_url,
      publicKey: row.u_public_key,
      likesCount: row.u_likes_count,
      postsCount: row.u_posts_count,
      activated: isSet(row.u_activate),
      lastPostAt: row.u_last_post_at,
      paymentCusId: row.u_payment_cus_id,
      wallets: row.wallet === null ? [] : [{ address: row.wallet }],
    },
  };
}
