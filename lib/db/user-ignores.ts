import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// Who ignores whom (contract section 17, migration 20261201040000_user_ignores). The notifying
// statements read the table themselves (notIgnoring in lib/db/notification-recipients.ts, and
// agora_announce_posts); get thread reads a reader's list with their facts (lib/db/thread-reader.ts).

/** Takes the ignorer's turn (a transaction lock), so two ignores at once cannot both pass the limit. */
export async function lockIgnoreList(tx: Tx, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(1768383076, ${userId}::int)::text AS locked`;
}

export async function isIgnoring(tx: Tx | undefined, userId: number, ignoredUserId: number): Promise<boolean> {
  const db = tx ?? (await getDb());
  const rows = await db.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM user_ignores WHERE user_id = ${userId} AND ignored_user_id = ${ignoredUserId}`;
  return rows.length > 0;
}

export async function countIgnored(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM user_ignores WHERE user_id = ${userId}`;
  return row?.n ?? 0;
}

export async function insertIgnore(tx: Tx, userId: number, ignoredUserId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO user_ignores (user_id, ignored_user_id) VALUES (${userId}, ${ignoredUserId}) ON CONFLICT DO NOTHING`;
}

export async function deleteIgnore(tx: Tx, userId: number, ignoredUserId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM user_ignores WHERE user_id = ${userId} AND ignored_user_id = ${ignoredUserId}`;
}

/** Of these people, those the user ignores. */
export async function findIgnoredAmong(userId: number, candidateIds: readonly number[]): Promise<Set<number>> {
  if (candidateIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT ignored_user_id AS id FROM user_ignores WHERE user_id = ${userId} AND ignored_user_id = ANY(${[...new Set(candidateIds)]}::int[])`;
  return new Set(rows.map((row) => row.id));
}
