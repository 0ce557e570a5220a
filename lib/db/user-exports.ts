import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// Contract section 20, exports: one row per user, their latest export (migration
// 20261205010000_user_exports). A new request replaces a finished one; a queued one stays.

/** A user's latest export as stored. */
export interface UserExportRecord {
  userId: number;
  /** The zip's random name (storage key exports/<fileKey>.zip, download /exports/<fileKey>.zip). */
  fileKey: string;
  requestedAt: Date;
  /** Null while the export is queued. */
  readyAt: Date | null;
  expiresAt: Date | null;
  size: number | null;
  /** The stored zip is gone (expired, or replaced by a newer export). */
  fileRemoved: boolean;
}

type UserExportRow = Omit<UserExportRecord, "size"> & { size: bigint | null };

function readExport(row: UserExportRow): UserExportRecord {
  return { ...row, size: row.size === null ? null : Number(row.size) };
}

export async function findUserExport(userId: number): Promise<UserExportRecord | null> {
  const db = await getDb();
  const row = await db.userExport.findUnique({ where: { userId } });
  return row ? readExport(row) : null;
}

export async function findUserExportByFileKey(fileKey: string): Promise<UserExportRecord | null> {
  const db = await getDb();
  const row = await db.userExport.findUnique({ where: { fileKey } });
  return row ? readExport(row) : null;
}

/** The user's export, its row locked for the rest of the transaction (null when there is none). */
export async function lockUserExport(tx: Tx, userId: number): Promise<UserExportRecord | null> {
  const rows = await tx.$queryRaw<UserExportRow[]>`
    SELECT user_id AS "userId", file_key AS "fileKey", requested_at AS "requestedAt", ready_at AS "readyAt",
           expires_at AS "expiresAt", size, file_removed AS "fileRemoved"
    FROM user_exports WHERE user_id = ${userId} FOR UPDATE`;
  return rows[0] ? readExport(rows[0]) : null;
}

/** Removes the user's export row (account deletion); answers it as it was, or null when there was none. */
export async function deleteUserExport(tx: Tx, userId: number): Promise<UserExportRecord | null> {
  const previous = await lockUserExport(tx, userId);
  if (previous) await tx.userExport.delete({ where: { userId }, select: { userId: true } });
  return previous;
}

/**
 * Queues a new export under `fileKey`, replacing a finished one; answers false (and writes nothing)
 * when an export of the user is queued already, which a concurrent request may have just written.
 */
export async function writeQueuedExport(tx: Tx, userId: number, fileKey: string): Promise<boolean> {
  const written = await tx.$executeRaw`
    INSERT INTO user_exports (user_id, file_key, requested_at) VALUES (${userId}, ${fileKey}, now())
    ON CONFLICT (user_id) DO UPDATE
      SET file_key = EXCLUDED.file_key, requested_at = now(), ready_at = NULL, expires_at = NULL, size = NULL, file_removed = false
      WHERE user_exports.ready_at IS NOT NULL`;
  return written === 1;
}

/** Marks the queued export named `fileKey` ready for `keepDays` days; false when it is no longer that user's queued export. */
export async function markExportReady(userId: number, fileKey: string, size: number, keepDays: number): Promise<boolean> {
  const db = await getDb();
  const updated = await db.$executeRaw`
    UPDATE user_exports SET ready_at = now(), expires_at = now() + make_interval(days => ${keepDays}), size = ${size}
    WHERE user_id = ${userId} AND file_key = ${fileKey} AND ready_at IS NULL`;
  return updated === 1;
}

/** Expired exports whose zip is still stored, oldest first. */
export async function listExpiredExportFiles(limit: number): Promise<{ userId: number; fileKey: string }[]> {
  const db = await getDb();
  return db.$queryRaw<{ userId: number; fileKey: string }[]>`
    SELECT user_id AS "userId", file_key AS "fileKey" FROM user_exports
    WHERE expires_at <= now() AND NOT file_removed ORDER BY expires_at LIMIT ${limit}`;
}

/** Records that the zip named `fileKey` was removed (if that export is still the row's). */
export async function markExportFileRemoved(fileKey: string): Promise<void> {
  const db = await getDb();
  await db.userExport.updateMany({ where: { fileKey }, data: { fileRemoved: true } });
}
