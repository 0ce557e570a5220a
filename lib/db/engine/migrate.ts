import "server-only";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { DERIVED_BOOKKEEPING, hashDerivedFiles, listDerivedFiles, reapplyDerived } from "@/lib/db/engine/derived";

// Prisma's own bookkeeping table, so `prisma migrate deploy` and this runner agree on what ran.
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it only has to be the same for every instance of Agora.
const MIGRATION_LOCK_KEY = 7_274_070_291;

export interface MigrationResult {
  applied: string[];
  total: number;
  /** The files of prisma/derived/ re-applied after the migrations; empty when the folder was already in place. */
  derived: string[];
}

// Read at run time from the working directory; the bundler must not try to trace it.
export function listMigrations(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations")) {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(/*turbopackIgnore: true*/ path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrateOptions {
  /**
   * Applies only these migrations (a restore brings a database to its backup's level before loading
   * it); prisma/derived/ is then left for a later full migrate unless they are all of them.
   */
  only?: ReadonlySet<string>;
}

export async function applyMigrations(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const all = listMigrations();
  const migrations = options.only ? all.filter((migration) => options.only!.has(migration.name)) : all;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Several instances may start together; the advisory lock makes one of them migrate.
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(BOOKKEEPING);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const finished = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const checksum = finished.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`migration ${migration.name} was changed after it was applied`);
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      applied.push(migration.name);
    }
    // Then the derived data (triggers and functions), after every migration: a fresh database gets
    // the folder's definitions over the ones its migrations created, an old one the folder's current
    // ones. One transaction: no write runs between a trigger's drop and its creation. A start that
    // applied no migration and finds this folder already in place (its hash recorded) skips it:
    // dropping triggers locks their tables, and instances start often under load.
    if (migrations.length < all.length) return { applied, total: migrations.length, derived: [] };
    const derived = listDerivedFiles();
    const hash = hashDerivedFiles(derived);
    await client.query(DERIVED_BOOKKEEPING);
    const recorded = await client.query<{ hash: string }>(`SELECT hash FROM "_agora_derived" WHERE id = 1`);
    if (applied.length === 0 && recorded.rows[0]?.hash === hash) return { applied, total: migrations.length, derived: [] };
    await client.query("BEGIN");
    try {
      await reapplyDerived(client, derived);
      await client.query(
        `INSERT INTO "_agora_derived" (id, hash, applied_at) VALUES (1, $1, now()) ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, applied_at = excluded.applied_at`,
        [hash],
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
    return { applied, total: migrations.length, derived: derived.map((file) => file.name) };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
