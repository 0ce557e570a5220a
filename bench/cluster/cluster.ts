// npm run bench -- --cluster [--max-instances 4] [--duration 15] [--connections 64] [--warmup 5]
//                  [--rounds 3] [--instance-cpu 0.1] [--postgres-cpu 1] [--warm-requests 2000] [--pin 1] [--fresh 0]
// npm run bench -- --cluster --postgres-limit [--instances 2] [--postgres-cpu 0.1] [--rounds 1] [--warm-requests 300]
//
// Several instances (contract section 16): `npm run cluster`'s shape (primary + replica,
// pgbouncer, Redis, instances, haproxy) in a temporary directory, and a 95/5 read/write mix sent
// through haproxy by autocannon (19 guest reads of a user's posts and a thread, then one create
// post). Each instance, the primary, the replica and pgbouncer run in cgroup (v1) groups of their
// own (bench/cluster/cgroups.ts) with CPU quotas; CPU milliseconds per request per tier come from
// cpuacct.usage.
// - Scaling (the default): haproxy is pointed at 1, 2, 3 and 4 instances in turn, each instance
//   under its quota, `--rounds` times (medians); the instances out of rotation serve a side load
//   meanwhile, or, with --fresh 1, each row's instances are restarted and warmed alike instead.
// - --postgres-limit: PostgreSQL's quota is the limit (the instances have none); the same mix with
//   the instances started without the replica, then with it, `--rounds` times.
// Prints one table; writes bench/results/<time>-cluster[-postgres-limit].json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { clusterDown, clusterUp } from "../../scripts/cluster/index.mjs";
import { findFreePortBlock } from "../../tests/support/free-port";
import { buildApp } from "../../tests/support/server-process";
import { joinCpuSet, joinTier, makeCpuSet, makeTier, postmasterPid, removeCpuSet, removeTier, setQuota, type Tier } from "./cgroups";
import {
  buildMix,
  cpuCells,
  log,
  machine,
  measure,
  pointHaproxy,
  restartInstances,
  warmInstances,
  type Cluster,
  type Instance,
  type Measured,
} from "./cluster-load";
import { numberOption, switchOption } from "../support/options";
import { postgresLimit } from "./cluster-postgres-limit";

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
    sideReqPerSec: of((m) => m.sideReqPerSec),
    sideFailed: runs.reduce((sum, m) => sum + m.sideFailed, 0),
    cpuMsPerRequest: Object.fromEntries(tiers.map((tier) => [tier, of((m) => m.cpuMsPerRequest[tier]!)])),
    eachInstance: runs[0]!.eachInstance.map((item, i) => ({
      name: item.name,
      requests: of((m) => m.eachInstance[i]!.requests),
      cpuMsPerRequest: of((m) => m.eachInstance[i]!.cpuMsPerRequest),
    })),
    perRequest: {
      primaryXacts: of((m) => m.perRequest.primaryXacts),
      replicaXacts: of((m) => m.perRequest.replicaXacts),
      redisCommands: of((m) => m.perRequest.redisCommands),
    },
    reqPerSecRuns: runs.map((m) => m.reqPerSec),
  };
}

type ScalingRow = Measured & { instances: number; reqPerSecRuns: number[] };

// Requests each instance is sent straight, its quota lifted, before it is measured (at the start, and before each row with --fresh).
const warmRequests = () => numberOption("warm-requests", 2000);

/** --fresh: the row's instances restarted, sent `--warm-requests` each with their quotas lifted, then quota'd again. */
async function freshInstances(cluster: Cluster, instances: Instance[], instanceCpu: number | null): Promise<void> {
  const tiers = cluster.instanceTiers.slice(0, instances.length);
  for (const tier of tiers) setQuota(tier, null);
  await restartInstances(cluster, instances);
  await warmInstances(instances, cluster.requests, warmRequests());
  for (const tier of tiers) setQuota(tier, instanceCpu);
}

/**
 * 1 to N instances, `--rounds` times (upwards, then downwards, and so on, so a drift of the
 * machine's speed during the run weighs on every count alike); each row is the rounds' median.
 */
async function scaling(cluster: Cluster, quotas: string, instanceCpu: number | null): Promise<{ table: string[]; rows: ScalingRow[] }> {
  const duration = numberOption("duration", 15);
  // Enough to keep four instances' 16 request slots (haproxy's maxconn) full: each instance works
  // on as many requests at once in every row, the rest wait in haproxy's queue.
  const connections = numberOption("connections", 64);
  const warmup = numberOption("warmup", 5);
  const rounds = numberOption("rounds", 3);
  const fresh = switchOption("fresh", false);
  const counts = cluster.instances.map((_, i) => i + 1);
  const runs = new Map<number, Measured[]>(counts.map((n) => [n, []]));
  // Round 0 is not counted: under its quota an instance keeps getting cheaper per request for
  // thousands of requests (its code still being optimised), which would favour whichever count came
  // last. With --fresh every row starts from new instances, and every round counts.
  for (let round = fresh ? 1 : 0; round <= rounds; round++) {
    for (const n of round % 2 === 1 ? counts : [...counts].reverse()) {
      const inRotation = cluster.instances.slice(0, n);
      if (fresh) await freshInstances(cluster, inRotation, instanceCpu);
      await pointHaproxy(cluster, inRotation);
      // Without --fresh the instances out of rotation serve a side load of the same mix on data of
      // its own, straight: every instance serves in every row, so all are as warm in each, and the
      // app CPU is as shared. One that sat out of rotation came back dearer: in a four-instance row
      // of 404s, instance-1 (serving every row) cost 2.69 ms per request and instance-4 5.38.
      const side = fresh ? undefined : { instances: cluster.instances.slice(n), requests: cluster.sideRequests };
      const run = await measure(cluster, connections, duration, warmup, n, side);
      if (round > 0) runs.get(n)!.push(run);
      log(
        `round ${round}${round === 0 ? " (warm-up)" : ""}, ${n} instance(s): ${run.reqPerSec} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, non-2xx ${run.non2xx}, errors ${run.errors}, side load ${run.sideReqPerSec} req/s (${run.sideFailed} failed), machine ${run.machineBusyPct}% busy, CPU ms/request ${JSON.stringify(run.cpuMsPerRequest)}, per request ${JSON.stringify(run.perRequest)}, each instance ${run.eachInstance.map((item) => `${item.name} ${item.requests} req ${item.cpuMsPerRequest} ms`).join(", ")}`,
      );
    }
  }
  const rows = counts.map((n) => medianRow(n, runs.get(n)!));
  const one = rows[0]!;
  const table = [
    `95/5 read/write through haproxy, ${connections} connections, ${warmup} s warm-up then ${duration} s per run, ${fresh ? `medians of ${rounds} rounds, each row on instances restarted and warmed alike` : `medians of ${rounds} rounds after one not counted, the instances out of rotation serving a side load of the same mix`}; CPU quotas: ${quotas}; ${machine()}`,
    "",
    "| instances | req/s (median) | each round | × one | ÷ N | p50 ms | p99 ms | non-2xx | errors | machine CPU busy | CPU ms/req instances | primary | replica | pgbouncer | transactions/req primary | replica | Redis commands/req |",
    "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map(
      (row) =>
        `| ${row.instances} | ${row.reqPerSec} | ${row.reqPerSecRuns.join(", ")} | ${(row.reqPerSec / one.reqPerSec).toFixed(2)} | ${(row.reqPerSec / one.reqPerSec / row.instances).toFixed(2)} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} | ${row.machineBusyPct}% | ${cpuCells(row)} | ${row.perRequest.primaryXacts} | ${row.perRequest.replicaXacts} | ${row.perRequest.redisCommands} |`,
    ),
  ];
  return { table, rows };
}

export async function runClusterBench(): Promise<void> {
  const limitMode = process.argv.includes("--postgres-limit");
  const instanceCount = limitMode ? numberOption("instances", 2) : numberOption("max-instances", 4);
  // In the PostgreSQL-limit mode the instances run free unless --instance-cpu is given.
  const instanceCpu = limitMode && !process.argv.includes("--instance-cpu") ? null : numberOption("instance-cpu", 0.1);
  const postgresCpu = numberOption("postgres-cpu", limitMode ? 0.1 : 1);
  buildApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-bench-cluster-"));
  const port = await findFreePortBlock(30);
  const budgetsOff = {
    LOG_LEVEL: "warn",
    AGORA_RATE_LIMIT_PER_MINUTE: "0",
    AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "0",
    AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "0",
    AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "0",
    AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE: "0",
  };
  const tiers: (Tier | null)[] = [];
  // The app tier on a CPU of its own, everything else (PostgreSQL, pgbouncer, Redis, haproxy and
  // autocannon in this process) on the others: instances and the database are on different
  // machines in the shape this measures.
  const cpuCount = os.cpus().length;
  const pin = !limitMode && cpuCount >= 2 && switchOption("pin", true);
  const restSet = pin ? makeCpuSet("rest", cpuCount === 2 ? "0" : `0-${cpuCount - 2}`) : null;
  const appSet = pin ? makeCpuSet("apps", String(cpuCount - 1)) : null;
  joinCpuSet(restSet, process.pid);
  try {
    log(`starting primary + replica, pgbouncer, Redis and ${instanceCount} instances in ${dir}`);
    const state = await clusterUp({ dir, instances: instanceCount, port, env: budgetsOff });
    const requests = await buildMix(state);
    // The same mix on a group, thread and writer of its own: its writes never touch what the measured mix reads.
    const sideRequests = await buildMix(state);
    if (!limitMode) {
      // Warmed before their quotas: at 0.1 CPU an instance takes minutes to compile its hot code.
      log("warming every instance before the quotas");
      await warmInstances(state.instances, requests, warmRequests());
    }
    const instanceTiers = state.instances.map((instance: Instance) => {
      const tier = makeTier(instance.name, instanceCpu);
      const pid = Number(fs.readFileSync(instance.pidFile, "utf8"));
      joinTier(tier, pid);
      joinCpuSet(appSet, pid);
      return tier;
    });
    const dbTiers = { primary: makeTier("primary", postgresCpu), replica: makeTier("replica", postgresCpu), pgbouncer: makeTier("pgbouncer", null) };
    joinTier(dbTiers.primary, postmasterPid(path.join(dir, "postgres", "primary")));
    joinTier(dbTiers.replica, postmasterPid(path.join(dir, "postgres", "replica")));
    joinTier(dbTiers.pgbouncer, Number(fs.readFileSync(path.join(dir, "pgbouncer", "pgbouncer.pid"), "utf8")));
    tiers.push(...instanceTiers, dbTiers.primary, dbTiers.replica, dbTiers.pgbouncer);
    const quotas = `${dbTiers.primary ? `instances ${instanceCpu ?? "none"}${instanceCpu ? " CPU each" : ""}, primary and replica ${postgresCpu} CPU each` : "none (cgroups not writable)"}${appSet ? `; instances on CPU ${cpuCount - 1}, the rest on the others` : ""}`;
    log(`CPU quotas: ${quotas}`);

    const cluster: Cluster = {
      dir,
      baseUrl: state.baseUrl,
      instances: state.instances,
      instanceEnv: state.instanceEnv,
      haproxyPort: state.ports.haproxy,
      primaryUrl: state.primaryUrl,
      replicaUrl: state.replicaUrl,
      redisPort: state.ports.redis,
      instanceTiers,
      appSet,
      dbTiers,
      requests,
      sideRequests,
    };
    const result: { table: string[]; rows: unknown[] } = limitMode ? await postgresLimit(cluster, quotas) : await scaling(cluster, quotas, instanceCpu);
    console.log(`\n${result.table.join("\n")}\n`);
    fs.mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}-cluster${limitMode ? "-postgres-limit" : ""}.json`;
    fs.writeFileSync(file, JSON.stringify({ quotas, machine: machine(), rows: result.rows }, null, 2));
  } finally {
    for (const tier of tiers) removeTier(tier);
    removeCpuSet(appSet);
    removeCpuSet(restSet);
    await clusterDown({ dir, clean: true });
  }
}
