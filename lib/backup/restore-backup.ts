import "server-only";
import fs from "node:fs";
import { readAll, readArchive, type ArchiveEntry } from "@/lib/backup/archive-reader";
import { loadBackup } from "@/lib/backup/load-backup";
import { ENTRY, ManifestSchema, type Manifest } from "@/lib/backup/manifest";
import { createProgress } from "@/lib/backup/progress";
import { RestoreRefused, checkBackupMigrations, checkRestoreTarget } from "@/lib/backup/restore-target";
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { applyMigrations } from "@/lib/db/engine/migrate";
import { getEnv } from "@/lib/env";
import { getUploadStorage } from "@/lib/uploads/storage";

// `npm run restore -- <file>` (contract section 20): into an empty database and upload store only.
// The schema comes from this code's migrations, up to the backup's (so a backup of the embedded
// database loads into PostgreSQL and back); then the rows and uploads (lib/backup/load-backup.ts);
// then any later migrations and prisma/derived/.

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  uploads: number;
  migratedForward: string[];
}

export { RestoreRefused };

async function readManifest(entries: AsyncGenerator<ArchiveEntry>): Promise<Manifest> {
  const first = await entries.next();
  if (first.done || first.value.name !== ENTRY.manifest) throw new RestoreRefused("This is not an Agora backup (it does not start with a manifest).");
  const parsed = ManifestSchema.safeParse(JSON.parse((await readAll(first.value.body)).toString("utf8")));
  if (!parsed.success) throw new RestoreRefused("This backup's manifest is not one this Agora reads (another format version?).");
  return parsed.data;
}

export async function restoreBackup(file: string, log: (line: string) => void): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`No such file: ${file}`);
  const env = getEnv();
  // Migrations hold a session advisory lock: never through a pooler in transaction mode.
  const url = env.DATABASE_URL ? (env.DATABASE_DIRECT_URL ?? env.DATABASE_URL) : await resolveDatabaseUrl();
  const storage = await getUploadStorage();
  const entries = readArchive(file);
  try {
    const manifest = await readManifest(entries);
    checkBackupMigrations(manifest);
    await checkRestoreTarget(url, manifest, storage);
    log(`Restoring a backup of ${manifest.createdAt} (${manifest.source}, ${manifest.migrations.length} migrations).`);
    await applyMigrations(url, { only: new Set(manifest.migrations.map((migration) => migration.name)) });
    const { rows, uploads } = await loadBackup(url, entries, storage, createProgress(log), Boolean(env.DATABASE_URL));
    const { applied } = await applyMigrations(url);
    return { manifest, rows, uploads, migratedForward: applied };
  } finally {
    await entries.return(undefined);
  }
}
