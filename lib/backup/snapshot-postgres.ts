import "server-only";
import { spawn } from "node:child_process";
import pg from "pg";
import type { TableFigures } from "@/lib/backup/manifest";
import { DUMP_OPTIONS, SNAPSHOT_QUERIES, type DatabaseSnapshot } from "@/lib/backup/snapshot";
import { STABLE_OUTPUT_SETTINGS, readTableFigures } from "@/lib/backup/table-figures";

// PostgreSQL: one repeatable-read transaction exports its snapshot; pg_dump reads the rows in that
// snapshot (--snapshot) while this transaction reads the migrations, the upload keys and the
// tables' figures in it too, so all of them describe the same instant while the forum writes on.

/** The pg_dump to run: PG_DUMP, else the one on PATH (it must be as new as the server). */
function pgDumpCommand(): string {
  return process.env.PG_DUMP || "pg_dump";
}

export async function openPostgresSnapshot(url: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url, application_name: "agora-backup" });
  await client.connect();
  const query = async <Row>(sql: string) => (await client.query(sql)).rows as Row[];
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot"))[0]!.snapshot;
    const version = (await query<{ version: string }>(SNAPSHOT_QUERIES.serverVersion))[0]!.version;
    const schema = (await query<{ schema: string }>(SNAPSHOT_QUERIES.schema))[0]!.schema;
    const migrations = await query<{ name: string; checksum: string }>(SNAPSHOT_QUERIES.migrations);
    const uploadKeys = (await query<{ key: string }>(SNAPSHOT_QUERIES.uploadKeys)).map((row) => row.key);
    let figures: Promise<TableFigures> | undefined;
    const readFigures = () => {
      figures ??= client.query(STABLE_OUTPUT_SETTINGS).then(() => readTableFigures(query));
      // Awaited by tableFigures (or close, when the dump failed first): never an unhandled rejection meanwhile.
      figures.catch(() => undefined);
      return figures;
    };
    return {
      source: "postgres",
      serverVersion: version,
      migrations,
      uploadKeys,
      // The figures are read in this transaction while pg_dump reads its rows on its own
      // connection in the same snapshot: two server processes at once, not one after the other.
      dump(write) {
        void readFigures();
        return runPgDump(url, snapshot, schema, write);
      },
      tableFigures: readFigures,
      async close() {
        await figures?.catch(() => undefined);
        await client.query("ROLLBACK").catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

// The password travels in the environment, not the command line other local users can list; the
// URL parameters only the app's drivers read are left out (libpq refuses unknown ones).
function libpqTarget(url: string): { dbname: string; password: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  for (const name of ["schema", "connection_limit", "pool_timeout", "pgbouncer", "statement_cache_size"]) parsed.searchParams.delete(name);
  return { dbname: parsed.toString(), password };
}

async function runPgDump(url: string, snapshot: string, schema: string, write: (chunk: Buffer) => Promise<void>): Promise<void> {
  const { dbname, password } = libpqTarget(url);
  const child = spawn(pgDumpCommand(), [...DUMP_OPTIONS, `--snapshot=${snapshot}`, `--schema=${schema}`, `--dbname=${dbname}`], {
    stdio: ["ignore", "pipe", "pipe"],
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", (error) => reject(new Error(`could not run ${pgDumpCommand()} (${error.message}); install PostgreSQL's client tools or set PG_DUMP`)));
    child.once("close", resolve);
  });
  try {
    for await (const chunk of child.stdout) await write(chunk as Buffer);
  } catch (error) {
    child.kill();
    throw error;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
}
