import "server-only";
import pg from "pg";
import type { Manifest } from "@/lib/backup/manifest";
import { listMigrations } from "@/lib/db/engine/migrate";
import type { UploadStorage } from "@/lib/uploads/storage";

// What a restore may load into (contract section 20): a database with no tables, or with the
// migrations applied and no users, and an empty upload store. Every check only reads, so a refusal
// leaves everything as it was.

export class RestoreRefused extends Error {}

const BOOKKEEPING = new Set(["_prisma_migrations", "_agora_derived"]);

/** The backup's migrations must be this code's, unchanged: the rows fit the schema they build. */
export function checkBackupMigrations(manifest: Manifest): void {
  const known = new Map(listMigrations().map((migration) => [migration.name, migration.checksum]));
  for (const { name, checksum } of manifest.migrations) {
    const ours = known.get(name);
    if (ours === undefined) throw new RestoreRefused(`This backup was made by a newer Agora (migration ${name} is unknown here): update Agora, then restore.`);
    if (ours !== checksum) throw new RestoreRefused(`This backup's migration ${name} differs from this Agora's: restore it with the version that made it.`);
  }
}

async function readAppliedMigrations(client: pg.Client, tables: Set<string>): Promise<string[]> {
  if (!tables.has("_prisma_migrations")) return [];
  const { rows } = await client.query<{ name: string }>(
    `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return rows.map((row) => row.name);
}

export async function checkRestoreTarget(url: string, manifest: Manifest, storage: UploadStorage): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
    );
    const tables = new Set(rows.map((row) => row.table));
    const appTables = [...tables].filter((table) => !BOOKKEEPING.has(table));
    if (appTables.length > 0) {
      if (!tables.has("users"))
        throw new RestoreRefused(`The database is not empty (it has tables such as ${appTables[0]} and no users table): restore into an empty database.`);
      const { rows: users } = await client.query<{ n: string }>("SELECT count(*) AS n FROM users");
      const count = Number(users[0]!.n);
      if (count > 0) throw new RestoreRefused(`The database is not empty (${count} users): restore into an empty database.`);
    }
    const inBackup = new Set(manifest.migrations.map((migration) => migration.name));
    const extra = (await readAppliedMigrations(client, tables)).filter((name) => !inBackup.has(name));
    if (extra.length > 0) {
      throw new RestoreRefused(
        `The database has migrations this backup was not made with (${extra.join(", ")}): restore into a database without tables; the restore migrates it forward after loading.`,
      );
    }
  } finally {
    await client.end();
  }
  if (!(await storage.isEmpty()))
    throw new RestoreRefused(
      `The upload store (${storage.kind === "s3" ? "the S3 bucket" : "AGORA_DATA_DIR/uploads"}) is not empty: restore into an empty one.`,
    );
}
