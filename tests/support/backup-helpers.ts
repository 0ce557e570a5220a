import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import tar from "tar-stream";

// For the backup tests (contract section 20): the scripts run as an operator runs them, and the
// tests' own reading of what a restore left, written apart from lib/backup's so one cannot hide
// the other's mistake.

export interface ScriptRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

/** One node process (no npm or tsx wrapper), so a signal reaches the script itself. */
export function spawnScript(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<ScriptRun> } {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<ScriptRun>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

export function runScriptAsync(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  return spawnScript(script, args, env).done;
}

export async function createScratchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `postgresql://postgres@127.0.0.1:5432/${name}`;
}

export async function dropScratchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** The archive's entry names and its two JSON entries. */
export async function readBackupFile(file: string): Promise<{ names: string[]; manifest: Record<string, unknown>; uploads: Map<string, Buffer> }> {
  const extract = tar.extract();
  fs.createReadStream(file).pipe(zlib.createGunzip()).pipe(extract);
  const names: string[] = [];
  const uploads = new Map<string, Buffer>();
  let manifest: Record<string, unknown> = {};
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    names.push(entry.header.name);
    if (entry.header.name === "manifest.json") manifest = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (entry.header.name.startsWith("uploads/")) uploads.set(entry.header.name.slice("uploads/".length), Buffer.concat(chunks));
  }
  return { names, manifest, uploads };
}

export type Query = <Row>(sql: string) => Promise<Row[]>;

export function queryPg(client: pg.Client): Query {
  return async <Row>(sql: string) => (await client.query(sql)).rows as Row[];
}

export function queryPglite(db: PGlite): Query {
  return async <Row>(sql: string) => (await db.query<Row>(sql)).rows;
}

/**
 * Per table of the app's schema: its rows and the md5 of their JSON, sorted as text. Generated
 * columns are left out (each database computes its own); timestamps are printed in UTC.
 */
export async function tableChecksums(query: Query): Promise<Record<string, string>> {
  await query("SET TimeZone = 'UTC'");
  const columns = await query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_generated = 'NEVER'
       AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
     ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const sums: Record<string, string> = {};
  for (const [table, names] of byTable) {
    const row = `jsonb_build_array(${names.map((name) => `"${name}"`).join(", ")})::text`;
    const [result] = await query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(${row}, '|' ORDER BY ${row})) AS sum FROM "${table}"`,
    );
    sums[table] = `${result!.n}:${result!.sum ?? ""}`;
  }
  return sums;
}

/** The local store's files under `dataDir`: key → sha256 of the bytes. */
export function storedUploads(dataDir: string): Map<string, string> {
  const root = path.join(dataDir, "uploads");
  const found = new Map<string, string>();
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    found.set(entry.name, createHash("sha256").update(bytes).digest("hex"));
  }
  return found;
}
