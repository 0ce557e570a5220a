import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { readableGroupSql } from "@/lib/db/memberships";

/** A post someone quotes, as its attribution and notification need it. */
export interface QuotedPost {
  id: number;
  authorId: number;
  authorName: string;
  threadId: number;
  threadSlug: string;
  groupName: string;
}

/**
 * Of these posts, those `readerId` may read (contract section 14): live posts of live threads in
 * groups they may read. One statement; posts they may not read are simply not answered.
 */
export async function findReadableQuotedPosts(postIds: readonly number[], readerId: number): Promise<QuotedPost[]> {
  if (postIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number; user_id: number; username: string; thread_id: number; slug: string; group_name: string }[]>`
    SELECT p.id, p.user_id, u.username, t.id AS thread_id, t.slug, g.name AS group_name
    FROM posts p JOIN threads t ON t.id = p.thread_id JOIN groups g ON g.id = t.group_id JOIN users u ON u.id = p.user_id
    WHERE p.id = ANY(${[...postIds]}::int[]) AND p.deleted = 0 AND t.is_delete = 0 AND ${readableGroupSql(Prisma.sql`${readerId}::int`)}`;
  return rows.map((row) => ({
    id: row.id,
    authorId: row.user_id,
    authorName: row.username,
    threadId: row.thread_id,
    threadSlug: row.slug,
    groupName: row.group_name,
  }));
}
