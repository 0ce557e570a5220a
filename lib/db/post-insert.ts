import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { CreatedPostRecord } from "@/lib/db/created-post";
import { isSet } from "@/lib/db/records/codes";
import { TALLY_SLOTS } from "@/lib/db/tallies";
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
  /** Sensitive content (contract section 17): pages cover it. */
  nsfw?: boolean;
  /** users.username_key of the names the post mentions (lib/delta/mentions.ts); unknown ones match nobody. */
  mentionKeys: readonly string[];
  /** The authors of the posts it quotes (lib/services/content.ts checked the writer may read them). */
  quotedUserIds?: readonly number[];
  /** Its author's wallet signature (contract section 19), already checked. */
  signature?: PostSignatureColumns | null;
}

/** A signed post's or revision's signature as stored. */
export interface PostSignatureColumns {
  sign: string;
  signMsg: string;
  /** The contentHash signed, 0x hex. */
  signData: string;
  signerAddress: string;
  signerType: number;
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
  nsfw: number;
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
  announced: boolean;
}

/** How stale a group's last activity may get before a post writes the group's row. */
const ACTIVITY_STEP = "1 second";

/**
 * Writes a post and every row it moves in ONE statement: the post; its parent's children_count;
 * the thread's counters, last post (the newest by id, whatever order concurrent posts commit in)
 * and participants; the author's membership, subscription and read mark (thread_reads), the thread's
 * activity of the day (thread_activity), and who it mentions (post_mentions).
 * The group's posts_count moves in its tallies by the thread's update (its trigger); the author's
 * posts_count and last_post_at in their tally (lib/db/tallies.ts), so no writer waits on a group
 * or author row. The group's row is written only when the author joins by posting (members_count)
 * or its last activity is older than ACTIVITY_STEP. The notifications of the post are not written
 * here: a `post_announcements` row is (when anyone may hear of it), and lib/db/post-announcements.ts
 * writes them after the commit, outside the locks this statement holds. Rows are locked in one order (post, parent,
 * thread, group, tallies), as every other write does. Answers null when the parent is not a post
 * of the thread (nothing is written then). Atomic on its own; inside a transaction pass `tx`.
 */
export async function insertPostRow(input: PostInsert, tx?: Tx): Promise<CreatedPostRecord | null> {
  const db = tx ?? (await getDb());
  const now = new Date();
  const { threadId, groupId, userId, content, html, preview, parentId, isFirstPost, mentionKeys, nsfw } = input;
  const quotedUserIds = (input.quotedUserIds ?? []).filter((id) => id !== userId);
  const firstLevel = parentId === null && !isFirstPost ? 1 : 0;
  const signature = input.signature ?? null;
  const rows = await db.$queryRaw<InsertedRow[]>(Prisma.sql`
    WITH parent AS (
      SELECT id, depth, COALESCE(root_id, id) AS root_id, user_id, deleted FROM posts WHERE id = ${parentId}::int AND thread_id = ${threadId}
    ), post AS (
      INSERT INTO posts (thread_id, group_id, user_id, parent_id, root_id, depth, reply_uid, content, content_html, content_preview, sign, sign_msg, sign_data, signer_address, signer_type, nsfw, created_at, updated_at)
      SELECT ${threadId}, ${groupId}, ${userId}, parent.id, parent.root_id, COALESCE(parent.depth + 1, 0), COALESCE(parent.user_id, 0), ${content}, ${html}, ${preview},
        ${signature?.sign ?? null}, ${signature?.signMsg ?? ""}, ${signature?.signData ?? ""}, ${signature?.signerAddress ?? null}, ${signature?.signerType ?? null}::int,
        ${nsfw ? 1 : 0}, ${now}, ${now}
      FROM (SELECT 1) AS one LEFT JOIN parent ON true
      WHERE ${parentId}::int IS NULL OR parent.id IS NOT NULL
      RETURNING id, thread_id, group_id, user_id, parent_id, depth, content, sign, sign_msg, likes_count, report_count, nsfw
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
      RETURNING threads.id, threads.posts_count
    ), read_mark AS (
      -- Posting moves the author's read mark to their post (contract section 17), never backwards.
      INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count, read_at)
      SELECT ${userId}, ${threadId}, post.id, thread.posts_count, ${now} FROM post CROSS JOIN thread
      ON CONFLICT (user_id, thread_id) DO UPDATE SET last_post_id = GREATEST(thread_reads.last_post_id, excluded.last_post_id),
        posts_count = excluded.posts_count, read_at = excluded.read_at
    ), activity AS (
      -- The day's posts plus likes, for the top and hot feeds (lib/db/feeds.ts); after the thread's row, as every writer of it.
      INSERT INTO thread_activity (thread_id, day, score) SELECT ${threadId}, (${now}::timestamptz AT TIME ZONE 'UTC')::date, 1 FROM thread
      ON CONFLICT (thread_id, day) DO UPDATE SET score = thread_activity.score + 1
    ), member AS (
      INSERT INTO group_members (group_id, user_id) SELECT ${groupId}, ${userId} FROM thread ON CONFLICT DO NOTHING RETURNING user_id
    ), grp AS (
      -- The directory sorts by last activity: it moves at most once per ACTIVITY_STEP, so a busy
      -- group's row is not written by every post.
      UPDATE groups SET members_count = members_count + (SELECT count(*)::int FROM member), last_activity_at = ${now}, updated_at = ${now}
      WHERE id = ${groupId} AND EXISTS (SELECT 1 FROM thread)
        AND (EXISTS (SELECT 1 FROM member) OR last_activity_at < ${now}::timestamptz - ${ACTIVITY_STEP}::interval)
      RETURNING id
    ), tally AS (
      INSERT INTO user_tallies AS ut (user_id, slot, posts_count, last_post_at)
      SELECT ${userId}, ${threadId % TALLY_SLOTS}::smallint, 1, ${now} FROM thread WHERE (SELECT count(*) FROM grp) >= 0
      ON CONFLICT (user_id, slot) DO UPDATE SET posts_count = ut.posts_count + 1, last_post_at = GREATEST(ut.last_post_at, excluded.last_post_at)
      RETURNING user_id
    ), author AS (
      -- Read, not locked: the author's count is their row's and tallies' as this statement sees
      -- them, plus this post (the statement does not see its own tally).
      SELECT u.username, u.email, u.photo_url, u.public_key, u.likes_count, u.activate, u.payment_cus_id,
        u.posts_count + COALESCE((SELECT sum(t.posts_count) FROM user_tallies t WHERE t.user_id = u.id), 0)::int + 1 AS posts_count,
        ${now}::timestamptz AS last_post_at
      FROM users u WHERE u.id = ${userId} AND EXISTS (SELECT 1 FROM tally)
    ), subscription AS (
      INSERT INTO subscriptions (user_id, thread_id) SELECT ${userId}, ${threadId} FROM thread ON CONFLICT DO NOTHING
    ), mention AS (
      INSERT INTO post_mentions (post_id, user_id)
      SELECT post.id, users.id FROM post CROSS JOIN users WHERE users.username_key = ANY(${mentionKeys as string[]}::text[]) AND users.id <> ${userId}
      ON CONFLICT DO NOTHING
    ), quote AS (
      INSERT INTO post_quotes (post_id, user_id) SELECT post.id, q FROM post CROSS JOIN unnest(${quotedUserIds as number[]}::int[]) AS q
      ON CONFLICT DO NOTHING
    ), announcement AS (
      -- Only when someone may hear of it: the parent's author, someone it names or quotes, another follower.
      INSERT INTO post_announcements (post_id, created_at) SELECT post.id, ${now} FROM post CROSS JOIN thread
      WHERE EXISTS (SELECT 1 FROM parent WHERE parent.user_id <> ${userId} AND parent.deleted = 0)
        OR EXISTS (SELECT 1 FROM users WHERE username_key = ANY(${mentionKeys as string[]}::text[]) AND id <> ${userId})
        OR cardinality(${quotedUserIds as number[]}::int[]) > 0
        OR EXISTS (SELECT 1 FROM subscriptions WHERE thread_id = ${threadId} AND user_id <> ${userId})
      RETURNING post_id
    )
    SELECT post.*, author.username AS u_username, author.email AS u_email, author.photo_url AS u_photo_url,
      author.public_key AS u_public_key, author.likes_count AS u_likes_count, author.posts_count AS u_posts_count,
      author.activate AS u_activate, author.last_post_at AS u_last_post_at, author.payment_cus_id AS u_payment_cus_id,
      (SELECT address FROM wallets WHERE user_id = ${userId} ORDER BY id LIMIT 1) AS wallet,
      EXISTS (SELECT 1 FROM announcement) AS announced
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
    nsfw: isSet(row.nsfw),
    announced: row.announced,
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
