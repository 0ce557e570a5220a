// npm run bench -- --cluster [--max-instances 4] [--duration 15] [--connections 64] [--warmup 5]
//                  [--rounds 3] [--instance-cpu 0.1] [--postgres-cpu 1]
// npm run bench -- --cluster --postgres-limit [--instances 2] [--postgres-cpu 0.1] [--rounds 1]
//
// Several instances (contract section 16): `npm run cluster`'s shape (primary + replica,
// pgbouncer, Redis, instances, haproxy) in a temporary directory, and a 95/5 read/write mix sent
// through haproxy by autocannon (19 guest reads of a user's posts and a thread, then one create
// post). Each instance, the primary, the replica and pgbouncer run in cgroup (v1) groups of their
// own (bench/cgroups.ts) with CPU quotas; CPU milliseconds per request per tier come from
// cpuacct.usage.
// - Scaling (the default): haproxy is pointed at 1, 2, 3 and 4 instances in turn, each instance
//   under its quota, `--rounds` times (medians).
// - --postgres-limit: PostgreSQL's quota is the limit (the instances have none); the same mix with
//   the instances started without the replica, then with it, `--rounds` times.
// Prints one table; writes bench/results/<time>-cluster[-postgres-limit].json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { clusterDown, clusterUp } from "../scripts/cluster/index.mjs";
// @ts-expect-error: as above
import { startHaproxy, startInstance, stopPidFile, waitForHealth } from "../scripts/cluster/services.mjs";
import { findFreePortBlock } from "../tests/support/free-port";
import { buildApp } from "../tests/support/server-process";
import { createNamedGroupWithThread, registerUser } from "../tests/support/cluster-client";
import { cpuNs, joinTier, makeTier, postmasterPid, removeTier, type Tier } from "./cgroups";

const log = (line: string) => console.log(`[bench cluster] ${line}`);

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = Number(index >= 0 ? process.argv[index + 1] : fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

type Requests = Request[];

interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  pidFile: string;
}

interface Measured {
  /** The whole machine's CPUs busy during the window (/proc/stat), every process included. */
  machineBusyPct: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: Record<string, number>;
}

interface Cluster {
  dir: string;
  baseUrl: string;
  instances: Instance[];
  instanceEnv: Record<string, string>;
  haproxyPort: number;
  instanceTiers: (Tier | null)[];
  dbTiers: { primary: Tier | null; replica: Tier | null; pgbouncer: Tier | null };
  requests: Requests;
}

/** Busy and total jiffies of all CPUs since boot (/proc/stat's first line; idle and iowait are not busy). */
function cpuJiffies(): { busy: number; total: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every instance warmed straight, not through haproxy: an instance that has served little is still
 * compiling its hot code, which would count against the rows where it first takes traffic.
 */
async function warmInstances(instances: Instance[], requests: Requests, seconds: number): Promise<void> {
  await Promise.all(instances.map((instance) => autocannon({ url: instance.baseUrl, connections: 4, duration: seconds, requests })));
}

/**
 * One measured window through haproxy, after a warm-up through it, with each tier's CPU per request;
 * the instances' CPU is that of the `inRotation` first ones (the others serve nothing).
 */
async function measure(cluster: Cluster, connections: number, duration: number, warmup: number, inRotation = cluster.instances.length): Promise<Measured> {
  const { baseUrl, requests, instanceTiers, dbTiers } = cluster;
  await autocannon({ url: baseUrl, connections, duration: warmup, requests });
  const tiers = [...instanceTiers, dbTiers.primary, dbTiers.replica, dbTiers.pgbouncer];
  const before = tiers.map(cpuNs);
  const machineBefore = cpuJiffies();
  const result = await autocannon({ url: baseUrl, connections, duration, requests, timeout: 30 });
  const machineAfter = cpuJiffies();
  const after = tiers.map(cpuNs);
  const total = result["2xx"] + result.non2xx;
  const used = (index: number) => after[index]! - before[index]!;
  const perRequest = (ns: number) => Math.round((ns / 1e6 / Math.max(1, total)) * 100) / 100;
  const n = instanceTiers.length;
  return {
    machineBusyPct: Math.round((100 * (machineAfter.busy - machineBefore.busy)) / Math.max(1, machineAfter.total - machineBefore.total)),
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: {
      instances: perRequest(instanceTiers.slice(0, inRotation).reduce((sum, _tier, i) => sum + used(i), 0)),
      primary: perRequest(used(n)),
      replica: perRequest(used(n + 1)),
      pgbouncer: perRequest(used(n + 2)),
    },
  };
}

const cpuCells = (m: Measured) => `${m.cpuMsPerRequest.instances} | ${m.cpuMsPerRequest.primary} | ${m.cpuMsPerRequest.replica} | ${m.cpuMsPerRequest.pgbouncer}`;

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}`;
}

async function pointHaproxy(cluster: Cluster, instances: Instance[]): Promise<void> {
  const dir = path.join(cluster.dir, "haproxy");
  await stopPidFile(path.join(dir, "haproxy.pid"));
  await startHaproxy({ dir, port: cluster.haproxyPort, instances });
  // Two passed checks (rise 2, inter 1s) before haproxy sends an instance anything.
  await sleep(2_500);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure over the rounds of one instance count. */
function medianRow(instances: number, runs: Measured[]): ScalingRow {
  const of = (pick: (m: Measured) => number) => Math.round(median(runs.map(pick)) * 100) / 100;
  const tiers = Object.keys(runs[0]!.cpuMsPerRequest);
  return {
    instances,
    machineBusyPct: of((m) => m.machineBusyPct),
    reqPerSec: of((m) => m.reqPerSec),
    p50Ms: of((m) => m.p50Ms),
    p99Ms: of((m) => m.p99Ms),
    non2xx: runs.reduce((sum, m) => sum + m.non2xx, 0),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
    cpuMsPerRequest: Object.fromEntries(tiers.map((tier) => [tier, of((m) => m.cpuMsPerRequest[tier]!)])),
    reqPerSecRuns: runs.map((m) => m.reqPerSec),
  };
}

type ScalingRow = Measured & { instances: number; reqPerSecRuns: number[] };

/**
 * 1 to N instances, `--rounds` times (upwards, then downwards, and so on, so a drift of the
 * machine's speed during the run weighs on every count alike); each row is the rounds' median.
 */
async function scaling(cluster: Cluster, quotas: string): Promise<{ table: string[]; rows: ScalingRow[] }> {
  const duration = option("duration", 15);
  // Enough to keep four instances' 16 request slots (haproxy's maxconn) full: each instance works
  // on as many requests at once in every row, the rest wait in haproxy's queue.
  const connections = option("connections", 64);
  const warmup = option("warmup", 5);
  const rounds = option("rounds", 3);
  const counts = cluster.instances.map((_, i) => i + 1);
  const runs = new Map<number, Measured[]>(counts.map((n) => [n, []]));
  // Round 0 is not counted: under its quota an instance keeps getting cheaper per request for
  // minutes (its code still being optimised), which would favour whichever count came last.
  for (let round = 0; round <= rounds; round++) {
    for (const n of round % 2 === 1 ? counts : [...counts].reverse()) {
      await pointHaproxy(cluster, cluster.instances.slice(0, n));
      const run = await measure(cluster, connections, duration, warmup, n);
      if (round > 0) runs.get(n)!.push(run);
      log(`round ${round}${round === 0 ? " (warm-up)" : ""}, ${n} instance(s): ${run.reqPerSec} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, non-2xx ${run.non2xx}, errors ${run.errors}, machine ${run.machineBusyPct}% busy, CPU ms/request ${JSON.stringify(run.cpuMsPerRequest)}`);
    }
  }
  const rows = counts.map((n) => medianRow(n, runs.get(n)!));
  const one = rows[0]!;
  const table = [
    `95/5 read/write through haproxy, ${connections} connections, ${warmup} s warm-up then ${duration} s per run, medians of ${rounds} rounds after one not counted; CPU quotas: ${quotas}; ${machine()}`,
    "",
    "| instances | req/s (median) | each round | × one | ÷ N | p50 ms | p99 ms | non-2xx | errors | machine CPU busy | CPU ms/req instances | primary | replica | pgbouncer |",
    "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map((row) => `| ${row.instances} | ${row.reqPerSec} | ${row.reqPerSecRuns.join(", ")} | ${(row.reqPerSec / one.reqPerSec).toFixed(2)} | ${(row.reqPerSec / one.reqPerSec / row.instances).toFixed(2)} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} | ${row.machineBusyPct}% | ${cpuCells(row)} |`),
  ];
  return { table, rows };
}

/** Restarts every instance with or without the replica, each back in its CPU group, healthy and warm. */
async function restartInstances(cluster: Cluster, withReplica: boolean, warmup: number): Promise<void> {
  const env = { ...cluster.instanceEnv, DATABASE_REPLICA_URL: withReplica ? cluster.instanceEnv.DATABASE_REPLICA_URL! : "" };
  await Promise.all(
    cluster.instances.map(async (instance, i) => {
      await stopPidFile(instance.pidFile, "SIGTERM", 30_000);
      const started = startInstance({ dir: path.dirname(instance.pidFile), name: instance.name, port: instance.port, env });
      joinTier(cluster.instanceTiers[i]!, started.pid);
      await waitForHealth(instance.baseUrl);
    }),
  );
  await sleep(2_500);
  await warmInstances(cluster.instances, cluster.requests, warmup);
}

/** Where a sample of guest reads through haproxy ran (X-Agora-Db). */
async function readPlaces(cluster: Cluster, count: number): Promise<Record<string, number>> {
  const places: Record<string, number> = {};
  const reads = cluster.requests.filter((request) => request.method === "GET");
  for (let i = 0; i < count; i++) {
    const request = reads[i % reads.length]!;
    const response = await fetch(new URL(request.path!, cluster.baseUrl), { headers: request.headers as Record<string, string> });
    await response.arrayBuffer();
    const place = response.headers.get("x-agora-db") ?? "none";
    places[place] = (places[place] ?? 0) + 1;
  }
  return places;
}

async function postgresLimit(cluster: Cluster, quotas: string): Promise<{ table: string[]; rows: (Measured & { replica: boolean; reads: Record<string, number> })[] }> {
  const duration = option("duration", 15);
  const connections = option("connections", 16);
  const warmup = option("warmup", 5);
  const rounds = option("rounds", 1);
  const rows: (Measured & { replica: boolean; reads: Record<string, number> })[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const replica of [false, true]) {
      await restartInstances(cluster, replica, warmup);
      const row = { replica, ...(await measure(cluster, connections, duration, warmup)), reads: await readPlaces(cluster, 40) };
      rows.push(row);
      log(`replica ${replica ? "on" : "off"}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}, CPU ms/request ${JSON.stringify(row.cpuMsPerRequest)}, reads ${JSON.stringify(row.reads)}`);
    }
  }
  const table = [
    `PostgreSQL's quota as the limit: 95/5 read/write through haproxy to ${cluster.instances.length} instances, ${connections} connections, ${warmup} s warm-up then ${duration} s per row; CPU quotas: ${quotas}; ${machine()}`,
    "",
    "| replica | req/s | p50 ms | p99 ms | non-2xx | errors | CPU ms/req instances | primary | replica | pgbouncer | 40 guest reads ran on |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
    ...rows.map((row) => `| ${row.replica ? "on" : "off"} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} | ${cpuCells(row)} | ${Object.entries(row.reads).map(([place, count]) => `${place} ${count}`).join(", ")} |`),
  ];
  return { table, rows };
}

/** The 95/5 mix: 19 guest reads of a user's posts and a thread (alternately), then one post into that thread by that user. */
async function buildMix(state: { baseUrl: string; apiKey: string }): Promise<Requests> {
  const writer = await registerUser(state.baseUrl, state.apiKey);
  const { threadId, groupName } = await createNamedGroupWithThread(state.baseUrl, state.apiKey, writer);
  const reads = [`/api/v2/users/${writer.id}/posts?per_page=10`, `/api/get_thread/${threadId}?group_name=${groupName}`];
  const guest = { api_key: state.apiKey };
  return [
    ...Array.from({ length: 19 }, (_, i) => ({ method: "GET" as const, path: reads[i % 2]!, headers: guest })),
    {
      method: "POST" as const,
      path: `/api/v2/threads/${threadId}/posts/create`,
      headers: { ...guest, authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: JSON.stringify([{ insert: "bench\n" }]) }),
    },
  ];
}

export async function runClusterBench(): Promise<void> {
  const limitMode = process.argv.includes("--postgres-limit");
  const instanceCount = limitMode ? option("instances", 2) : option("max-instances", 4);
  // In the PostgreSQL-limit mode the instances run free unless --instance-cpu is given.
  const instanceCpu = limitMode && !process.argv.includes("--instance-cpu") ? null : option("instance-cpu", 0.1);
  const postgresCpu = option("postgres-cpu", limitMode ? 0.1 : 1);
  buildApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-bench-cluster-"));
  const port = await findFreePortBlock(30);
  const budgetsOff = { LOG_LEVEL: "warn", AGORA_RATE_LIMIT_PER_MINUTE: "0", AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "0", AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "0", AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "0", AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE: "0" };
  const tiers: (Tier | null)[] = [];
  try {
    log(`starting primary + replica, pgbouncer, Redis and ${instanceCount} instances in ${dir}`);
    const state = await clusterUp({ dir, instances: instanceCount, port, env: budgetsOff });
    const requests = await buildMix(state);
    if (!limitMode) {
      // Warmed before their quotas: at 0.1 CPU an instance takes minutes to compile its hot code,
      // and the first rows would measure that.
      log("warming every instance before the quotas");
      await warmInstances(state.instances, requests, option("warmup", 5) * 3);
    }
    const instanceTiers = state.instances.map((instance: Instance) => {
      const tier = makeTier(instance.name, instanceCpu);
      joinTier(tier, Number(fs.readFileSync(instance.pidFile, "utf8")));
      return tier;
    });
    const dbTiers = { primary: makeTier("primary", postgresCpu), replica: makeTier("replica", postgresCpu), pgbouncer: makeTier("pgbouncer", null) };
    joinTier(dbTiers.primary, postmasterPid(path.join(dir, "postgres", "primary")));
    joinTier(dbTiers.replica, postmasterPid(path.join(dir, "postgres", "replica")));
    joinTier(dbTiers.pgbouncer, Number(fs.readFileSync(path.join(dir, "pgbouncer", "pgbouncer.pid"), "utf8")));
    tiers.push(...instanceTiers, dbTiers.primary, dbTiers.replica, dbTiers.pgbouncer);
    const quotas = dbTiers.primary ? `instances ${instanceCpu ?? "none"}${instanceCpu ? " CPU each" : ""}, primary and replica ${postgresCpu} CPU each` : "none (cgroups not writable)";
    log(`CPU quotas: ${quotas}`);

    const cluster: Cluster = { dir, baseUrl: state.baseUrl, instances: state.instances, instanceEnv: state.instanceEnv, haproxyPort: state.ports.haproxy, instanceTiers, dbTiers, requests };
    let result: { table: string[]; rows: unknown[] };
    if (limitMode) {
      result = await postgresLimit(cluster, quotas);
    } else {
      result = await scaling(cluster, quotas);
    }
    console.log(`\n${result.table.join("\n")}\n`);
    fs.mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}-cluster${limitMode ? "-postgres-limit" : ""}.json`;
    fs.writeFileSync(file, JSON.stringify({ quotas, machine: machine(), rows: result.rows }, null, 2));
  } finally {
    for (const tier of tiers) removeTier(tier);
    await clusterDown({ dir, clean: true });
  }
}
