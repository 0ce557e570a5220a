// The database under test: a fresh PostgreSQL database on the local server (dropped afterwards)
// or a fresh embedded (PGlite) data directory (removed afterwards), migrated and generated.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { runNpmScript, runTsx } from "../support/processes";
import type { ScaleName } from "./scales";

export type DatabaseKind = "postgres" | "embedded";

export interface BenchDatabase {
  kind: DatabaseKind;
  label: string;
  /** Environment for the server and the scripts that reach this database. */
  env: Record<string, string>;
  /** A URL the benchmark itself can query (embedded: only while the server serves it). */
  url: () => string;
  /** Seconds the generator took (wall time of its process, migrations excluded). */
  generateSeconds: number;
  drop: () => Promise<void>;
}

// The local server the issue names; AGORA_BENCH_POSTGRES_URL points elsewhere (its database is
// only used to create and drop the bench's own).
const ADMIN_URL = process.env.AGORA_BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the bench's PostgreSQL server. */
export function postgresUrlFor(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function embeddedUrl(dataDir: string): string {
  // The embedded server records its loopback URL, password included (lib/db/embedded/database.ts).
  return (JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as { url: string }).url;
}

export async function createDatabase(kind: DatabaseKind, scale: ScaleName, secret: string): Promise<BenchDatabase> {
  const id = `${scale}_${process.pid}`;
  const dataDir = path.resolve(".test-data", `bench-${kind}-${id}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { AGORA_DATA_DIR: dataDir, AGORA_SECRET: secret, DATABASE_URL: "" };
  let url: () => string = () => embeddedUrl(dataDir);
  let dropDatabase: () => Promise<void> = async () => {};

  if (kind === "postgres") {
    const name = `agora_bench_${id}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${name}`);
    env.DATABASE_URL = postgresUrlFor(name);
    url = () => env.DATABASE_URL!;
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  const fullEnv = { ...process.env, ...env };
  try {
    runNpmScript("db:migrate", [], fullEnv);
    const started = performance.now();
    const target = kind === "postgres" ? ["--database-url", env.DATABASE_URL!] : [];
    runTsx("bench/data/generate.ts", ["--scale", scale, ...target], fullEnv, { stream: true });
    const generateSeconds = (performance.now() - started) / 1000;
    return {
      kind,
      label: kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)",
      env,
      url,
      generateSeconds,
      drop: async () => {
        // The directory first: synchronous, so it goes even if an interrupt cuts the drop short.
        fs.rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
