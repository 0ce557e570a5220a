// npm run bench -- --backup [--scale large|small] [--embedded-scale small|large|none] [--database-url <generated db>]
//
// Backup and restore (contract section 20, issue 36) at the bench's scales. PostgreSQL: generate
// the forum (or take --database-url, already generated, left as it is), time `npm run backup`
// against it with nothing else writing, restore the file into a fresh empty database, and check
// every table's row count against the source; beside each, its floor (lib: ./floors.ts). Then the
// embedded database at --embedded-scale: backup, restore into a fresh embedded directory, and the
// move (that same file restored into PostgreSQL). One table, and a JSON record in bench/results/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createDatabase, adminQuery, postgresUrlFor } from "../data/database";
import type { ScaleName } from "../data/scales";
import { otherCpuBusyPercent } from "../load/measure";
import { textOption } from "../support/options";
import { runNpmScript } from "../support/processes";
import { formatBackupTable, writeBackupRecord, type BackupBenchRecord, type DatabaseRun, type StepRecord } from "./backup-report";
import { extractSql, pgDumpFloor, psqlFloor } from "./floors";
import { countDifferences, countEmbeddedRows, countPostgresRows, totalRows, type RowCounts } from "./row-counts";
import { timedRun, type TimedRun } from "./timed-run";

const log = (line: string) => console.log(`[bench] ${line}`);

/** The scripts run as the operator's `npm run backup`/`restore` do, minus npm's own process (not part of the measure). */
function scriptCommand(script: "backup" | "restore", file: string, env: Record<string, string>, label: string) {
  return {
    label,
    command: process.execPath,
    args: ["--conditions=react-server", "--import", "tsx", `scripts/${script}.ts`, file],
    env: { ...process.env, ...env },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1e6);

class Workspace {
  readonly dir = path.resolve(".test-data", `bench-backup-${process.pid}`);
  private databases: string[] = [];
  constructor() {
    fs.mkdirSync(this.dir, { recursive: true });
  }
  /** A fresh data directory (the restore's upload store must be empty). */
  dataDir(name: string): string {
    const dir = path.join(this.dir, name);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }
  /** A fresh empty PostgreSQL database, dropped by cleanUp. */
  async database(name: string): Promise<string> {
    const full = `agora_bench_${name}_${process.pid}`;
    await adminQuery(`DROP DATABASE IF EXISTS ${full} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${full}`);
    this.databases.push(full);
    return postgresUrlFor(full);
  }
  async drop(url: string): Promise<void> {
    const name = new URL(url).pathname.slice(1);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    this.databases = this.databases.filter((candidate) => candidate !== name);
  }
  async cleanUp(): Promise<void> {
    for (const name of this.databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function step(name: string, run: TimedRun, extra: Partial<StepRecord> = {}): StepRecord {
  return { name, seconds: Number(run.seconds.toFixed(1)), peakRssMiB: run.peakRssMiB, phases: run.phases, ...extra };
}

function checkCounts(source: RowCounts, restored: RowCounts, what: string): void {
  const differences = countDifferences(source, restored);
  if (differences.length > 0) throw new Error(`${what}: restored row counts differ from the source's: ${differences.join(", ")}`);
  log(`${what}: ${totalRows(restored).toLocaleString("en-US")} rows in ${Object.keys(restored).length} tables, every count equal to the source's`);
}

async function postgresSteps(work: Workspace, scale: ScaleName, secret: string): Promise<Omit<DatabaseRun, "scale">> {
  const given = textOption("database-url", "");
  let sourceUrl = given;
  let generateSeconds: number | undefined;
  let dropSource = async () => {};
  if (!given) {
    log(`PostgreSQL ${scale}: generating the forum`);
    const database = await createDatabase("postgres", scale, secret);
    sourceUrl = database.env.DATABASE_URL!;
    generateSeconds = database.generateSeconds;
    dropSource = database.drop;
  }
  try {
    const source = await countPostgresRows(sourceUrl);
    const posts = source.posts ?? 0;
    log(`PostgreSQL source: ${posts.toLocaleString("en-US")} posts, ${totalRows(source).toLocaleString("en-US")} rows`);
    const file = path.join(work.dir, "postgres.agora");
    const env = { DATABASE_URL: sourceUrl, AGORA_DATA_DIR: work.dataDir("postgres-source"), AGORA_SECRET: secret };
    const dumpFloor = await pgDumpFloor(sourceUrl);
    const backup = await timedRun(scriptCommand("backup", file, env, "backup"), log);
    const fileBytes = fs.statSync(file).size;
    log(`backup: ${backup.seconds.toFixed(1)} s, peak RSS ${backup.peakRssMiB} MiB, ${mb(fileBytes)} MB file; pg_dump floor ${dumpFloor.seconds.toFixed(1)} s`);

    const targetUrl = await work.database("restore");
    const restoreEnv = { DATABASE_URL: targetUrl, AGORA_DATA_DIR: work.dataDir("postgres-target"), AGORA_SECRET: secret };
    const restore = await timedRun(scriptCommand("restore", file, restoreEnv, "restore"), log);
    checkCounts(source, await countPostgresRows(targetUrl), "restore into PostgreSQL");
    await work.drop(targetUrl);

    const sqlFile = path.join(work.dir, "postgres.sql");
    const sqlBytes = await extractSql(file, sqlFile);
    const floorUrl = await work.database("floor");
    runNpmScript("db:migrate", [], { ...process.env, DATABASE_URL: floorUrl, AGORA_DATA_DIR: work.dataDir("floor") });
    const loadFloor = await psqlFloor(floorUrl, sqlFile, log);
    await work.drop(floorUrl);
    fs.rmSync(sqlFile, { force: true });
    log(`restore: ${restore.seconds.toFixed(1)} s, peak RSS ${restore.peakRssMiB} MiB; psql floor ${loadFloor.seconds.toFixed(1)} s`);
    return {
      label: "PostgreSQL",
      posts,
      rows: totalRows(source),
      generateSeconds,
      steps: [
        step("backup", backup, { fileBytes, sqlBytes, floor: step("pg_dump to /dev/null", dumpFloor) }),
        step("restore into PostgreSQL", restore, { floor: step("psql -1 of the same SQL", loadFloor) }),
      ],
    };
  } finally {
    await dropSource();
  }
}

async function embeddedSteps(work: Workspace, scale: ScaleName, secret: string): Promise<Omit<DatabaseRun, "scale">> {
  log(`embedded ${scale}: generating the forum`);
  const database = await createDatabase("embedded", scale, secret);
  try {
    const sourceDir = database.env.AGORA_DATA_DIR!;
    const source = await countEmbeddedRows(sourceDir);
    const file = path.join(work.dir, "embedded.agora");
    const backup = await timedRun(scriptCommand("backup", file, { DATABASE_URL: "", AGORA_DATA_DIR: sourceDir, AGORA_SECRET: secret }, "embedded backup"), log);
    const fileBytes = fs.statSync(file).size;
    await database.drop();

    const targetDir = work.dataDir("embedded-target");
    const restore = await timedRun(
      scriptCommand("restore", file, { DATABASE_URL: "", AGORA_DATA_DIR: targetDir, AGORA_SECRET: secret }, "embedded restore"),
      log,
    );
    checkCounts(source, await countEmbeddedRows(targetDir), "restore into the embedded database");
    fs.rmSync(targetDir, { recursive: true, force: true });

    const targetUrl = await work.database("move");
    const moveEnv = { DATABASE_URL: targetUrl, AGORA_DATA_DIR: work.dataDir("move-target"), AGORA_SECRET: secret };
    const move = await timedRun(scriptCommand("restore", file, moveEnv, "move"), log);
    checkCounts(source, await countPostgresRows(targetUrl), "embedded backup restored into PostgreSQL");
    await work.drop(targetUrl);
    return {
      label: "embedded (PGlite)",
      posts: source.posts ?? 0,
      rows: totalRows(source),
      generateSeconds: database.generateSeconds,
      steps: [step("backup", backup, { fileBytes }), step("restore into embedded", restore), step("move: restore into PostgreSQL", move)],
    };
  } finally {
    await database.drop();
  }
}

export async function runBackupBench(): Promise<void> {
  const scale = textOption("scale", "large") as ScaleName;
  const embeddedScale = textOption("embedded-scale", "small");
  if (!["small", "large"].includes(scale)) throw new Error("--scale must be small or large");
  if (!["small", "large", "none"].includes(embeddedScale)) throw new Error("--embedded-scale must be small, large or none");
  const secret = randomBytes(32).toString("hex");
  const work = new Workspace();
  const startedAt = new Date().toISOString();
  const busyBefore = await otherCpuBusyPercent();
  const loadBefore = os.loadavg()[0]!;
  process.once("SIGINT", () => void work.cleanUp().finally(() => process.exit(130)));
  try {
    const postgres = await postgresSteps(work, scale, secret);
    const embedded = embeddedScale === "none" ? undefined : await embeddedSteps(work, embeddedScale as ScaleName, secret);
    const cpus = os.cpus();
    const record: BackupBenchRecord = {
      startedAt,
      writeLoad: "none (the database is idle during the backup)",
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? "unknown",
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        otherCpuBusyPercentBefore: busyBefore,
        loadAverageBefore: Number(loadBefore.toFixed(2)),
        loadAverageAfter: Number(os.loadavg()[0]!.toFixed(2)),
      },
      postgres: { scale, ...postgres },
      ...(embedded ? { embedded: { scale: embeddedScale as ScaleName, ...embedded } } : {}),
    };
    console.log(`\n${formatBackupTable(record)}\n`);
    log(`wrote ${writeBackupRecord(record)}`);
  } finally {
    await work.cleanUp();
  }
}
