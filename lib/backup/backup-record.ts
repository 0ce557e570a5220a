import "server-only";
import pg from "pg";
import { BACKUP_HEARTBEAT_SECONDS } from "@/lib/db/backup-runs";

// The backup's row in agora_ops.backups: committed before the snapshot is taken (from then on,
// removals of stored uploads wait, so every upload the snapshot names is still there to read),
// kept alive while it runs, and given its size only once the file is complete under its name.

export interface BackupRecord {
  finish(sizeBytes: number): Promise<void>;
  /** A failed backup leaves no row. */
  discard(): Promise<void>;
}

export async function startBackupRecord(url: string, fileName: string): Promise<BackupRecord> {
  const client = new pg.Client({ connectionString: url, application_name: "agora-backup" });
  await client.connect();
  const { rows } = await client.query<{ id: string }>("INSERT INTO agora_ops.backups (file_name) VALUES ($1) RETURNING id", [fileName]);
  const id = rows[0]!.id;
  const heartbeat = setInterval(
    () => void client.query("UPDATE agora_ops.backups SET heartbeat_at = now() WHERE id = $1", [id]).catch(() => undefined),
    (BACKUP_HEARTBEAT_SECONDS * 1000) / 4,
  );
  const end = async (sql: string, values: unknown[]) => {
    clearInterval(heartbeat);
    try {
      await client.query(sql, values);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  return {
    finish: (sizeBytes) => end("UPDATE agora_ops.backups SET finished_at = now(), heartbeat_at = now(), size_bytes = $2 WHERE id = $1", [id, sizeBytes]),
    discard: () => end("DELETE FROM agora_ops.backups WHERE id = $1", [id]),
  };
}
