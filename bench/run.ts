// npm run bench -- [--scale small|large] [--database embedded|postgres|both]
//                  [--connections 16] [--warmup 3] [--duration 8] [--reuse-build]
// npm run bench -- --cluster ...   (bench/cluster/cluster.ts: 1 to 4 instances behind haproxy)
// npm run bench -- --backup ...    (bench/backup/backup-bench.ts: backup and restore at 1M posts)
//
// The load benchmark (issue 9): build the app with the constant "floor" route (.next-bench),
// then for each database and scale generate a fresh forum, start `next start` on it and put
// each request under autocannon; print one table per run and write JSON to bench/results/.
// `--scale large` runs small on the chosen databases and large on PostgreSQL (the embedded
// database is measured at small scale only), so one run compares the two scales.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startServer, type RunningServer } from "../tests/support/server-process";
import { createDatabase, type BenchDatabase, type DatabaseKind } from "./data/database";
import { measureScenario, type LoadSettings, type ScenarioResult } from "./load/load";
import { otherCpuBusyPercent, processTreeRssMiB } from "./load/measure";
import { lastLine, runNpmScript, runTsx } from "./support/processes";
import { floorOf, formatComparison, formatTable, writeRecord, type RunRecord } from "./load/report";
import { numberOption, textOption } from "./support/options";
import { buildScenarios, type Scenario } from "./load/scenarios";
import type { ScaleName } from "./data/scales";
import { prepareFeedReaders } from "./load/feed-readers";
import { findTargets } from "./load/targets";
import { checkWrites, countThreadPosts } from "./load/write-check";

const DIST_DIR = ".next-bench";
const BUILD_ENV = { AGORA_BENCH_BUILD: "1", AGORA_NEXT_DIST_DIR: DIST_DIR };

const log = (line: string) => console.log(`[bench] ${line}`);

interface Plan {
  kind: DatabaseKind;
  scale: ScaleName;
}

function plans(): Plan[] {
  const scale = textOption("scale", "small");
  const database = textOption("database", "both");
  if (scale !== "small" && scale !== "large") throw new Error("--scale must be small or large");
  if (!["embedded", "postgres", "both"].includes(database)) throw new Error("--database must be embedded, postgres or both");
  const kinds: DatabaseKind[] = database === "both" ? ["embedded", "postgres"] : [database as DatabaseKind];
  const list: Plan[] = kinds.map((kind) => ({ kind, scale: "small" }));
  if (scale === "large") {
    if (kinds.includes("postgres")) list.push({ kind: "postgres", scale: "large" });
    else log("the large scale runs on PostgreSQL only; measuring the embedded database at small scale");
  }
  return list;
}

function buildBenchApp(): void {
  const reuse = process.argv.includes("--reuse-build") || process.env.AGORA_TEST_REUSE_BUILD === "1";
  if (reuse && fs.existsSync(path.join(DIST_DIR, "BUILD_ID"))) {
    log(`reusing the bench build in ${DIST_DIR}`);
    return;
  }
  log(`building the app with the floor route into ${DIST_DIR}`);
  const next = path.resolve("node_modules/next/dist/bin/next");
  const result = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: { ...process.env, ...BUILD_ENV } });
  if (result.status !== 0) throw new Error("next build failed");
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["describe", "--always", "--dirty"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
  } finally {
    await client.end();
  }
}

/** `--only feed,home_html`: the rows whose key starts with one of these (and the floor, which every share needs). */
function selectScenarios(scenarios: Scenario[]): Scenario[] {
  const only = textOption("only", "").split(",").filter(Boolean);
  if (only.length === 0) return scenarios;
  return scenarios.filter((scenario) => scenario.key === "floor" || only.some((prefix) => scenario.key.startsWith(prefix)));
}

async function measure(database: BenchDatabase, scale: ScaleName, server: RunningServer, settings: LoadSettings): Promise<RunRecord> {
  const startedAt = new Date().toISOString();
  // Other work on the machine skews every row; the record keeps how busy it was.
  const busyBefore = await otherCpuBusyPercent();
  if (busyBefore > 10) log(`the machine is ${busyBefore}% busy with other work before the run: numbers will be low`);
  const apiKey = lastLine(runNpmScript("apikey", ["create", "bench"], server.env));
  const targets = await findTargets(database.url());
  const readers = await prepareFeedReaders(database.url());
  const authors = [readers.few.id, readers.many.id, targets.typicalThread.authorId, ...targets.writers.map((writer) => writer.authorId)];
  const [fewToken, manyToken, token, ...writerTokens] = runTsx("bench/load/token.ts", authors.map(String), server.env)
    .trim()
    .split("\n")
    .slice(-authors.length);
  const sessionCookie = lastLine(runTsx("bench/load/session-cookie.ts", [String(targets.typicalThread.authorId)], server.env));
  const feedReaders = { ...readers, fewToken: fewToken!, manyToken: manyToken! };
  const scenarios = selectScenarios(buildScenarios(targets, { apiKey, token: token!, writerTokens, sessionCookie, feedReaders }));
  const results: ScenarioResult[] = [];
  const writeChecks: RunRecord["writeChecks"] = {};
  for (const [index, scenario] of scenarios.entries()) {
    const threadIds = scenario.writes?.map((thread) => thread.id) ?? [];
    const rowsBefore = scenario.writes ? await countThreadPosts(database.url(), threadIds) : 0;
    const result = await measureScenario(server.baseUrl, scenario, settings);
    results.push(result);
    if (scenario.writes) {
      const writes = { rowsBefore, succeeded: result.succeeded, connections: settings.connections };
      writeChecks[scenario.key] = await checkWrites(database.url(), scenario.writes, writes);
    }
    const share = index === 0 ? "" : `, ${Math.round((100 * result.reqPerSec) / results[0]!.reqPerSec)}% of floor`;
    const problems = result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : "";
    log(
      `${database.label} ${scale} ${index + 1}/${scenarios.length} ${scenario.name}: ${result.reqPerSec.toFixed(1)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${share}${problems}`,
    );
    if (result.probeStatus >= 300) log(`  the probe answered ${result.probeStatus}: ${scenario.method} ${scenario.path}`);
  }
  const serverRssMiB = processTreeRssMiB(server.pid);
  // A second, shorter pass over the reads: a server whose memory grows with traffic (an unbounded
  // cache, a leak) ends it larger than the first.
  const second = { ...settings, warmupSeconds: 1, durationSeconds: 3 };
  for (const scenario of scenarios.filter((candidate) => candidate.method === "GET")) await measureScenario(server.baseUrl, scenario, second);
  const serverRssSecondPassMiB = processTreeRssMiB(server.pid);
  log(`${database.label} ${scale}: server RSS ${serverRssMiB} MiB after the run, ${serverRssSecondPassMiB} MiB after a second pass over the reads`);
  const cpus = os.cpus();
  return {
    database: database.label,
    databaseKind: database.kind,
    scale,
    startedAt,
    settings,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      ...(database.kind === "postgres" ? { postgres: await postgresVersion(database.url()) } : {}),
      commit: gitCommit(),
      otherCpuBusyPercent: busyBefore,
    },
    generateSeconds: database.generateSeconds,
    targets,
    scenarios: results,
    serverRssMiB,
    serverRssSecondPassMiB,
    writeChecks,
  };
}

// Ctrl-C mid-run still drops the database under test (the server gets the signal itself).
let dropCurrent: (() => Promise<void>) | undefined;
process.once("SIGINT", () => {
  log("interrupted: dropping the database under test");
  void (dropCurrent?.() ?? Promise.resolve()).finally(() => process.exit(130));
});

// Every rate-limit budget off: the load is one client at many times a person's pace.
const BUDGETS_OFF = Object.fromEntries(
  [
    "AGORA_RATE_LIMIT_PER_MINUTE",
    "AGORA_RATE_LIMIT_WRITES_PER_MINUTE",
    "AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE",
    "AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE",
    "AGORA_RATE_LIMIT_PAGES_PER_MINUTE",
    "AGORA_PURSE_REGISTER_PER_MINUTE",
  ].map((name) => [name, "0"]),
);

async function runOne(plan: Plan, settings: LoadSettings): Promise<RunRecord> {
  log(`${plan.kind} ${plan.scale}: creating and generating the database`);
  const database = await createDatabase(plan.kind, plan.scale, randomBytes(32).toString("hex"));
  dropCurrent = database.drop;
  try {
    // One PostgreSQL connection per load connection, so no request waits for the pool.
    const pool = { AGORA_DB_POOL_MAX: String(settings.connections) };
    const server = await startServer({ ...database.env, ...BUILD_ENV, ...pool, LOG_LEVEL: "warn", ...BUDGETS_OFF });
    try {
      log(`${database.label} ${plan.scale}: server ${server.baseUrl} (pid ${server.pid}) is up`);
      return await measure(database, plan.scale, server, settings);
    } catch (error) {
      // What the server said is most of the diagnosis when a run fails.
      console.error(`[bench] ${database.label} ${plan.scale}: the server's last output:\n${server.logs().slice(-4000)}`);
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    dropCurrent = undefined;
    await database.drop();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const settings: LoadSettings = {
    connections: numberOption("connections", 16),
    warmupSeconds: numberOption("warmup", 3),
    durationSeconds: numberOption("duration", 8),
  };
  const list = plans();
  buildBenchApp();
  const records: RunRecord[] = [];
  for (const plan of list) {
    const record = await runOne(plan, settings);
    records.push(record);
    console.log(`\n${formatTable(record)}\n`);
    log(`wrote ${writeRecord(record, textOption("only", "") === "")}`);
    if (!Number.isFinite(floorOf(record))) throw new Error("the floor was not measured");
  }
  console.log("\n## Agora load benchmark\n");
  for (const record of records) console.log(`${formatTable(record)}\n`);
  const small = records.find((record) => record.databaseKind === "postgres" && record.scale === "small");
  const large = records.find((record) => record.databaseKind === "postgres" && record.scale === "large");
  if (small && large) console.log(`${formatComparison(small, large)}\n`);
  log(`done in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  if (records.some((record) => Object.values(record.writeChecks).some((check) => !check.ok))) {
    log("create post left inconsistent counters");
    process.exitCode = 1;
  }
}

// `--cluster`: scaling across instances behind haproxy (bench/cluster/cluster.ts); `--backup`:
// backup and restore (bench/backup/backup-bench.ts).
function chosenBench(): Promise<void> {
  if (process.argv.includes("--cluster")) return import("./cluster/cluster").then((module) => module.runClusterBench());
  if (process.argv.includes("--backup")) return import("./backup/backup-bench").then((module) => module.runBackupBench());
  return main();
}

chosenBench().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
