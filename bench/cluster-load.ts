// What the cluster bench's modes share (bench/cluster.ts, bench/cluster-postgres-limit.ts): the
// cluster's handles, the 95/5 mix, warming instances, one measured window with each tier's CPU.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import { Redis } from "ioredis";
import pg from "pg";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { startHaproxy, stopPidFile } from "../scripts/cluster/services.mjs";
import { createNamedGroupWithThread, registerUser } from "../tests/support/cluster-client";
import { cpuNs, type Tier } from "./cgroups";

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
  dbTiers: { primary: Tier | null; replica: Tier | null; pgbouncer: Tier | null };
  requests: Requests;
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
 * Every instance warmed straight, not through haproxy: an instance that has served little is still
 * compiling its hot code, which would count against the rows where it first takes traffic.
 */
export async function warmInstances(instances: Instance[], requests: Requests, seconds: number): Promise<void> {
  await Promise.all(instances.map((instance) => autocannon({ url: instance.baseUrl, connections: 4, duration: seconds, requests })));
}

/**
 * One measured window through haproxy, after a warm-up through it, with each tier's CPU per request;
 * the instances' CPU is that of the `inRotation` first ones (the others serve nothing).
 */
export async function measure(cluster: Cluster, connections: number, duration: number, warmup: number, inRotation = cluster.instances.length): Promise<Measured> {
  const { baseUrl, requests, instanceTiers, dbTiers } = cluster;
  await autocannon({ url: baseUrl, connections, duration: warmup, requests });
  const tiers = [...instanceTiers, dbTiers.primary, dbTiers.replica, dbTiers.pgbouncer];
  const countsBefore = await sharedTierCounts(cluster);
  const servedBefore = await instanceRequests(cluster);
  const before = tiers.map(cpuNs);
  const machineBefore = cpuJiffies();
  const result = await autocannon({ url: baseUrl, connections, duration, requests, timeout: 30 });
  const machineAfter = cpuJiffies();
  const after = tiers.map(cpuNs);
  // Backends report their transactions about once a second: the same lag at both ends of the window.
  const countsAfter = await sharedTierCounts(cluster);
  const servedAfter = await instanceRequests(cluster);
  const total = result["2xx"] + result.non2xx;
  const used = (index: number) => after[index]! - before[index]!;
  const hundredths = (value: number) => Math.round(value * 100) / 100;
  const perRequest = (ns: number) => hundredths(ns / 1e6 / Math.max(1, total));
  const countPerRequest = (index: number) => hundredths((countsAfter[index]! - countsBefore[index]!) / Math.max(1, total));
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
    eachInstance: cluster.instances.slice(0, inRotation).map((instance, i) => {
      const served = (servedAfter.get(instance.name) ?? 0) - (servedBefore.get(instance.name) ?? 0);
      return { name: instance.name, requests: served, cpuMsPerRequest: hundredths(used(i) / 1e6 / Math.max(1, served)) };
    }),
    perRequest: { primaryXacts: countPerRequest(0), replicaXacts: countPerRequest(1), redisCommands: countPerRequest(2) },
  };
}

export const cpuCells = (m: Measured) => `${m.cpuMsPerRequest.instances} | ${m.cpuMsPerRequest.primary} | ${m.cpuMsPerRequest.replica} | ${m.cpuMsPerRequest.pgbouncer}`;

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
