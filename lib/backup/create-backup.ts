import "server-only";
import path from "node:path";
import { Readable } from "node:stream";
import { openArchive, type ArchiveWriter } from "@/lib/backup/archive-writer";
import { startBackupRecord } from "@/lib/backup/backup-record";
import { BACKUP_FORMAT, ENTRY, sqlEntryName, type Manifest } from "@/lib/backup/manifest";
import { createProgress, type Progress } from "@/lib/backup/progress";
import type { DatabaseSnapshot } from "@/lib/backup/snapshot";
import { openEmbeddedSnapshot } from "@/lib/backup/snapshot-embedded";
import { openPostgresSnapshot } from "@/lib/backup/snapshot-postgres";
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { getEnv } from "@/lib/env";
import { getUploadStorage, type UploadStorage } from "@/lib/uploads/storage";

// `npm run backup -- <file>` (contract section 20): one file with the database's rows and the
// uploads they name, as of one instant, while the forum keeps serving. The archive holds, in order:
// manifest.json, the dump in chunks (database/NNNNN.sql), tables.json (each table's row count and
// md5 in the same snapshot), then uploads/<key>.

/** The dump is cut into entries of about this size, so no more of it is held at once. */
const SQL_ENTRY_BYTES = 8 * 1024 * 1024;

export interface BackupResult {
  file: string;
  sizeBytes: number;
  tables: number;
  rows: number;
  uploads: number;
}

async function writeDump(snapshot: DatabaseSnapshot, archive: ArchiveWriter, progress: Progress): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let total = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const body = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await archive.add(sqlEntryName(index++), body.length, body);
  };
  await snapshot.dump(async (chunk) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    total += chunk.length;
    progress.report(`database: ${(total / 1e6).toFixed(0)} MB of SQL`);
    if (pendingBytes >= SQL_ENTRY_BYTES) await flush();
  });
  await flush();
}

async function writeUploads(keys: string[], storage: UploadStorage, archive: ArchiveWriter, progress: Progress, log: (line: string) => void): Promise<void> {
  for (const [done, key] of keys.entries()) {
    const object = await storage.read(key);
    // Removals wait while a backup runs (lib/db/backup-runs.ts), so a missing file was lost before
    // it began: said, and left out, rather than making every backup fail until someone notices.
    if (!object) {
      log(`warning: upload ${key} is named by the database but missing from the store: left out`);
      continue;
    }
    await archive.add(`${ENTRY.uploadPrefix}${key}`, object.size, Readable.fromWeb(object.body as import("node:stream/web").ReadableStream));
    progress.report(`uploads: ${done + 1} of ${keys.length}`);
  }
}

export async function createBackup(target: string, log: (line: string) => void): Promise<BackupResult> {
  const env = getEnv();
  const embedded = !env.DATABASE_URL;
  // An exported snapshot needs a session of its own: never through a pooler in transaction mode.
  const url = embedded ? await resolveDatabaseUrl() : (env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!);
  const storage = await getUploadStorage();
  const progress = createProgress(log);
  const record = await startBackupRecord(url, path.basename(target));
  const archive = openArchive(target);
  let snapshot: DatabaseSnapshot | undefined;
  try {
    snapshot = embedded ? await openEmbeddedSnapshot(url, env.AGORA_DATA_DIR) : await openPostgresSnapshot(url);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      source: snapshot.source,
      serverVersion: snapshot.serverVersion,
      migrations: snapshot.migrations,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await archive.add(ENTRY.manifest, manifestBytes.length, manifestBytes);
    await writeDump(snapshot, archive, progress);
    progress.report("database: counting rows", true);
    const figures = await snapshot.tableFigures();
    const figuresBytes = Buffer.from(JSON.stringify(figures, null, 2));
    await archive.add(ENTRY.tables, figuresBytes.length, figuresBytes);
    await writeUploads(snapshot.uploadKeys, storage, archive, progress, log);
    const sizeBytes = await archive.finish();
    await record.finish(sizeBytes);
    return {
      file: path.resolve(target),
      sizeBytes,
      tables: figures.length,
      rows: figures.reduce((sum, table) => sum + table.rows, 0),
      uploads: snapshot.uploadKeys.length,
    };
  } catch (error) {
    await archive.abort();
    await record.discard().catch(() => undefined);
    throw error;
  } finally {
    await snapshot?.close();
  }
}
