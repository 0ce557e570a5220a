import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// Digests (contract section 20): who is due one, and what goes in it.

export const DIGEST_THREADS = 10;

/**
 * People whose digest is due (confirmed address, an active account, settings.email_digest daily or weekly, the last
 * one at least a day or a week ago), moved on to now in the same statement: each digest is taken
 * once, by one instance. Answers each person and the time their digest starts from.
 */
export async function takeDueDigests(tx: Tx, limit: number): Promise<{ userId: number; since: Date }[]> {
  const rows = await tx.$queryRaw<{ user_id: number; since: Date }[]>`
    UPDATE user_email_states s SET digest_sent_at = now()
    FROM (
      SELECT s2.user_id, s2.digest_sent_at AS since FROM user_email_states s2 JOIN users u ON u.id = s2.user_id
      WHERE s2.confirmed_address = u.email AND u.activate = 1 AND s2.digest_sent_at IS NOT NULL
        AND s2.digest_sent_at <= now() - CASE COALESCE(u.settings->>'email_digest', 'weekly')
          WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '7 days' END
      ORDER BY s2.user_id LIMIT ${limit} FOR UPDATE OF s2 SKIP LOCKED
    ) d
    WHERE s.user_id = d.user_id
    RETURNING s.user_id, d.since`;
  return rows.map((row) => ({ userId: row.user_id, since: row.since }));
}

export interface DigestThread {
  id: number;
  title: string;
  slug: string;
  groupName: string;
  /** Posts by others since the last digest. */
  newPosts: number;
}

export interface DigestRecipient {
  username: string;
  address: string | null;
  confirmed: boolean;
  preference: string;
}

export async function findDigestRecipient(userId: number): Promise<DigestRecipient | null> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ username: string; email: string | null; confirmed: boolean; preference: string }[]>`
    SELECT u.username, u.email, (s.confirmed_address IS NOT NULL AND s.confirmed_address = u.email) AS confirmed,
      COALESCE(u.settings->>'email_digest', 'weekly') AS preference
    FROM users u LEFT JOIN user_email_states s ON s.user_id = u.id WHERE u.id = ${userId}`;
  const row = rows[0];
  return row ? { username: row.username, address: row.email, confirmed: row.confirmed, preference: row.preference } : null;
}

/**
 * The most active threads of the person's groups since `since` that they have not read to the end:
 * posts by others since then, most first; muted threads and groups are left out.
 */
export async function listDigestThreads(userId: number, since: Date): Promise<DigestThread[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number; title: string; slug: string; group_name: string; new_posts: number }[]>`
    SELECT t.id, t.title, t.slug, g.name AS group_name, count(p.id)::int AS new_posts
    FROM group_members m
    JOIN groups g ON g.id = m.group_id
    JOIN threads t ON t.group_id = m.group_id AND t.is_delete = 0
    JOIN posts p ON p.thread_id = t.id AND p.created_at > ${since} AND p.deleted = 0 AND p.user_id <> ${userId}
    LEFT JOIN thread_reads r ON r.user_id = m.user_id AND r.thread_id = t.id
    WHERE m.user_id = ${userId} AND (r.last_post_id IS NULL OR r.last_post_id < t.last_post_id)
      AND NOT EXISTS (SELECT 1 FROM thread_mutes tm WHERE tm.user_id = ${userId} AND tm.thread_id = t.id)
      AND NOT EXISTS (SELECT 1 FROM group_mutes gm WHERE gm.user_id = ${userId} AND gm.group_id = g.id)
    GROUP BY t.id, g.name
    ORDER BY new_posts DESC, t.id DESC
    LIMIT ${DIGEST_THREADS}`;
  return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, groupName: row.group_name, newPosts: row.new_posts }));
}
