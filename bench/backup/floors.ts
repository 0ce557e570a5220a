// What the backup and restore are compared with, measured on the same database in the same run:
// PostgreSQL's own tools doing the bare job. Backup: pg_dump with the backup's options to
// /dev/null (no gzip, no archive, no figures). Restore: psql loading the backup's own SQL, in one
// transaction with triggers off, into a migrated database (no index rebuild, no checks).
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import pg from "pg";
import { readArchive } from "@/lib/backup/archive-reader";
import { ENTRY } from "@/lib/backup/manifest";
import { DUMP_OPTIONS } from "@/lib/backup/snapshot";
import { listTableShapes } from "@/lib/backup/table-figures";
import { timedRun, type TimedRun } from "./timed-run";

/** A libpq connection string for the command-line tools: the app-only URL parameters dropped. */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.toString();
}

export async function pgDumpFloor(url: string): Promise<TimedRun> {
  const devNull = fs.openSync("/dev/null", "w");
  try {
    const args = [...DUMP_OPTIONS, "--schema=public", `--dbname=${libpqUrl(url)}`];
    // Its warnings (circular foreign keys in a data-only dump) are the backup's too: not repeated.
    return await timedRun({ label: "pg_dump floor", command: process.env.PG_DUMP || "pg_dump", args, stdoutFd: devNull }, () => undefined);
  } finally {
    fs.closeSync(devNull);
  }
}

// pg_dump's header empties search_path, and the generated columns call the app's functions by
// their bare names: the restore skips these settings (lib/backup/sql-statements.ts), so psql does too.
const HEADER_SETTING = /^(SET |SELECT pg_catalog\.set_config\().*\n/gm;

/** The backup's SQL entries, concatenated into one file (what psql reads), without the dump's session settings. */
export async function extractSql(backupFile: string, target: string): Promise<number> {
  const out = fs.createWriteStream(target);
  let bytes = 0;
  let carry = "";
  const decoder = new StringDecoder("utf8");
  const write = async (text: string) => {
    if (!out.write(text.replace(HEADER_SETTING, ""))) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  for await (const entry of readArchive(backupFile)) {
    if (!entry.name.startsWith(ENTRY.sqlPrefix)) continue;
    for await (const chunk of entry.body) {
      bytes += (chunk as Buffer).length;
      // Whole lines only, so a setting is never cut in two.
      const text = carry + decoder.write(chunk as Buffer);
      const end = text.lastIndexOf("\n") + 1;
      carry = text.slice(end);
      await write(text.slice(0, end));
    }
  }
  await write(carry + decoder.end());
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return bytes;
}

/** psql loads the SQL file into a migrated database (its tables emptied first, as the restore does). */
export async function psqlFloor(url: string, sqlFile: string, log: (line: string) => void): Promise<TimedRun> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let tables: string[];
  try {
    tables = (await listTableShapes(async (sql) => (await client.query(sql)).rows)).map((shape) => `"${shape.table}"`);
  } finally {
    await client.end();
  }
  const args = ["-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", `--dbname=${libpqUrl(url)}`, "-c", `TRUNCATE ${tables.join(", ")}`, "-f", sqlFile];
  const env = { ...process.env, PGOPTIONS: "-c session_replication_role=replica" };
  return timedRun({ label: "psql floor", command: "psql", args, env }, log);
}
