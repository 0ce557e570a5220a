import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// agora_ops.backups (migration 20261205030000_backups), written by `npm run backup` (lib/backup):
// the last finished backup for the admin pages, and whether one is running now.

/** A running backup moves its heartbeat four times in this span; one silent longer was killed. */
export const BACKUP_HEARTBEAT_SECONDS = 60;

export interface FinishedBackup {
  fileName: string;
  finishedAt: Date;
  sizeBytes: number;
}

export async function findLastBackup(): Promise<FinishedBackup | null> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ file_name: string; finished_at: Date; size_bytes: bigint }[]>`
    SELECT file_name, finished_at, size_bytes FROM agora_ops.backups
    WHERE finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 1`;
  const row = rows[0];
  return row ? { fileName: row.file_name, finishedAt: row.finished_at, sizeBytes: Number(row.size_bytes) } : null;
}

/**
 * Whether a backup is reading the uploads now. Asked in its own statement after whatever decided a
 * removal, so a backup whose snapshot could still name the content is always seen.
 */
export async function isBackupRunning(tx: Tx): Promise<boolean> {
  const rows = await tx.$queryRaw<{ running: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM agora_ops.backups WHERE finished_at IS NULL
      AND heartbeat_at > now() - make_interval(secs => ${BACKUP_HEARTBEAT_SECONDS})) AS running`;
  return rows[0]?.running === true;
}
