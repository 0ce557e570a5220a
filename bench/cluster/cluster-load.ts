// What the cluster bench's modes share (bench/cluster/cluster.ts, bench/cluster/cluster-postgres-limit.ts): the
// cluster's handles, the 95/5 mix, warming instances, one measured window with each tier's CPU.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import { Redis } from "ioredis";
import pg from "pg";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { MAX_IN_FLIGHT, startHaproxy, startInstance, stopPidFile, waitForHealth } from "../../scripts/cluster/services.mjs";
import { createNamedGroupWithThread, registerUser } from "../../tests/support/cluster-client";
import { cpuNs, joinCpuSet, joinTier, type Tier } from "./cgroups";

export const log = (line: string) => console.log(`[bench cluster] ${line}`);

export type Requests = Request[];

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  pidFile: string;
}

export interface Measured {
  /** The whole machine's CPUs busy during the window (/proc/stat), every process included. */
  machineBusyPct: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Requests a second of the side load (0 without one), and how many of them failed. */
  sideReqPerSec: number;
  sideFailed: number;
  /** The instances': the measured requests'. The shared tiers': every request's, the side load's too. */
  cpuMsPerRequest: Record<string, number>;
  /** What each request cost the shared tiers: transactions on the primary and the replica, Redis commands. */
  perRequest: { primaryXacts: number; replicaXacts: number; redisCommands: number };
  /** Each instance in rotation: the requests haproxy sent it in the window and its CPU per request. */
  eachInstance: { name: string; requests: number; cpuMsPerRequest: number }[];
}

export interface Cluster {
  dir: string;
  baseUrl: string;
  instances: Instance[];
  instanceEnv: Record<string, string>;
  haproxyPort: number;
  primaryUrl: string;
  replicaUrl: string;
  redisPort: number;
  instanceTiers: (Tier | null)[];
  /** The cpuset the instances run in (null when they share every CPU). */
  appSet: string | null;
  dbTiers: { primary: Tier | null; replica: Tier | null; pgbouncer: Tier | null };
  requests: Requests;
  /** The same mix on data of its own (bench/cluster/cluster.ts's side load). */
  sideRequests: Requests;
}

/** Busy and total jiffies of all CPUs since boot (/proc/stat's first line; idle and iowait are not busy). */
function cpuJiffies(): { busy: number; total: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Committed and rolled-back transactions of the database (pg_stat_database, flushed by backends about once a second). */
async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()");
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Commands Redis has run since it started (INFO stats), every client's. */
async function redisCommands(port: number): Promise<number> {
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true });
  await client.connect();
  try {
    return Number(/total_commands_processed:(\d+)/.exec(await client.info("stats"))?.[1] ?? 0);
  } finally {
    client.disconnect();
  }
}

/** Requests each instance has answered (haproxy's `show stat`, sessions of the servers of backend "instances"). */
function instanceRequests(cluster: Cluster): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(cluster.dir, "haproxy", "haproxy.sock"));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("error", reject);
    socket.on("end", () => {
      const counts = new Map<string, number>();
      for (const line of text.split("\n")) {
        const fields = line.split(",");
        // pxname, svname, qcur, qmax, scur, smax, slim, stot, ...
        if (fields[0] === "instances" && fields[1]?.startsWith("instance-")) counts.set(fields[1], Number(fields[7]));
      }
      resolve(counts);
    });
    socket.end("show stat\n");
  });
}

async function sharedTierCounts(cluster: Cluster): Promise<number[]> {
  return Promise.all([transactions(cluster.primaryUrl), transactions(cluster.replicaUrl), redisCommands(cluster.redisPort)]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each instance sent `amount` requests of the mix straight, not through haproxy: so many requests,
 * not so many seconds, so that instances warmed side by side on a shared CPU get the same warm-up
 * as one warmed alone.
 */
export async function warmInstances(instances: Instance[], requests: Requests, amount: number): Promise<void> {
  await Promise.all(instances.map((instance) => autocannon({ url: instance.baseUrl, connections: 4, amount, requests, timeout: 30 })));
}

/** Stops and starts the instances (with `env`), each back in its CPU group and cpuset, and waits until they are healthy. */
export async function restartInstances(cluster: Cluster, instances: Instance[], env = cluster.instanceEnv): Promise<void> {
  await Promise.all(
    instances.map(async (instance) => {
      await stopPidFile(instance.pidFile, "SIGTERM", 30_000);
      const started = startInstance({ dir: path.dirname(instance.pidFile), name: instance.name, port: instance.port, env });
      joinTier(cluster.instanceTiers[cluster.instances.indexOf(instance)] ?? null, started.pid);
      joinCpuSet(cluster.appSet, started.pid);
      await waitForHealth(instance.baseUrl);
    }),
  );
}

/** Requests sent straight to instances outside the measured traffic, alongside it (see `measure`). */
export interface SideLoad {
  instances: Instance[];
  requests: Requests;
}

/** The side load during `seconds`: each instance kept as busy as haproxy keeps one in rotation (its request slots). */
async function sideLoad(side: SideLoad | undefined, seconds: number): Promise<{ total: number; failed: number }> {
  if (!side) return { total: 0, failed: 0 };
  const results = await Promise.all(
    side.instances.map((instance) =>
      autocannon({ url: instance.baseUrl, connections: MAX_IN_FLIGHT, duration: seconds, requests: side.requests, timeout: 30 }),
    ),
  );
  return { total: results.reduce((sum, r) => sum + r["2xx"] + r.non2xx, 0), failed: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0) };
}

/**
 * One measured window through haproxy, after a warm-up through it, with each tier's CPU per request;
 * the instances' CPU is that of the `inRotation` first ones. `side`, when given, runs alongside
 * both: its requests count in the shared tiers' figures per request (they served them too), not in
 * the measured throughput, latency or instances' CPU.
 */
export async function measure(
  cluster: Cluster,
  connections: number,
  duration: number,
  warmup: number,
  inRotation = cluster.instances.length,
  side?: SideLoad,
): Promise<Measured> {
  const { baseUrl, requests, instanceTiers, dbTiers } = cluster;
  await Promise.all([autocannon({ url: baseUrl, connections, duration: warmup, requests }), sideLoad(side, warmup)]);
  const tiers = [...instanceTiers, dbTiers.primary, dbTiers.replica, dbTiers.pgbouncer];
  const countsBefore = await sharedTierCounts(cluster);
  const servedBefore = await instanceRequests(cluster);
  const before = tiers.map(cpuNs);
  const machineBefore = cpuJiffies();
  const [result, sideResult] = await Promise.all([autocannon({ url: baseUrl, connections, duration, requests, timeout: 30 }), sideLoad(side, duration)]);
  const machineAfter = cpuJiffies();
  const after = tiers.map(cpuNs);
  // Backends report their transactions about once a second: the same lag at both ends of the window.
  const countsAfter = await sharedTierCounts(cluster);
  const servedAfter = await instanceRequests(cluster);
  const total = result["2xx"] + result.non2xx;
  const allServed = total + sideResult.total;
  const used = (index: number) => after[index]! - before[index]!;
  const hundredths = (value: number) => Math.round(value * 100) / 100;
  const perRequest = (ns: number, count = total) => hundredths(ns / 1e6 / Math.max(1, count));
  const countPerRequest = (index: number) => hundredths((countsAfter[index]! - countsBefore[index]!) / Math.max(1, allServed));
  const n = instanceTiers.length;
  return {
    machineBusyPct: Math.round((100 * (machineAfter.busy - machineBefore.busy)) / Math.max(1, machineAfter.total - machineBefore.total)),
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    sideReqPerSec: Math.round(sideResult.total / duration),
    sideFailed: sideResult.failed,
    cpuMsPerRequest: {
      instances: perRequest(instanceTiers.slice(0, inRotation).reduce((sum, _tier, i) => sum + used(i), 0)),
      primary: perRequest(used(n), allServed),
      replica: perRequest(used(n + 1), allServed),
      pgbouncer: perRequest(used(n + 2), allServed),
    },
    eachInstance: cluster.instances.slice(0, inRotation).map((instance, i) => {
      const served = (servedAfter.get(instance.name) ?? 0) - (servedBefore.get(instance.name) ?? 0);
      return { name: instance.name, requests: served, cpuMsPerRequest: hundredths(used(i) / 1e6 / Math.max(1, served)) };
    }),
    perRequest: { primaryXacts: countPerRequest(0), replicaXacts: countPerRequest(1), redisCommands: countPerRequest(2) },
  };
}

export const cpuCells = (m: Measured) =>
  `${m.cpuMsPerRequest.instances} | ${m.cpuMsPerRequest.primary} | ${m.cpuMsPerRequest.replica} | ${m.cpuMsPerRequest.pgbouncer}`;

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}`;
}

export async function pointHaproxy(cluster: Cluster, instances: Instance[]): Promise<void> {
  const dir = path.join(cluster.dir, "haproxy");
  await stopPidFile(path.join(dir, "haproxy.pid"));
  await startHaproxy({ dir, port: cluster.haproxyPort, instances });
  // Two passed checks (rise 2, inter 1s) before haproxy sends an instance anything.
  await sleep(2_500);
}

/** The 95/5 mix: 19 guest reads of a user's posts and a thread (alternately), then one post into that thread by that user. */
export async function buildMix(state: { baseUrl: string; apiKey: string }): Promise<Requests> {
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
