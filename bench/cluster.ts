// npm run bench -- --cluster [--max-instances 4] [--duration 10] [--connections 32]
//                  [--instance-cpu 0.25] [--postgres-cpu 1]
//
// Scaling across instances (contract section 16): `npm run cluster`'s shape (primary + replica,
// pgbouncer, Redis, four instances, haproxy) in a temporary directory; haproxy is pointed at 1, 2,
// 3 and 4 instances in turn and autocannon sends a 95/5 read/write mix through it (19 guest reads
// of a user's posts and a thread, then one create post). Each instance, the primary, the replica
// and pgbouncer run in cgroup (v1) groups of their own, with CPU quotas for the instances and for
// PostgreSQL when the container lets us write cgroup files; CPU milliseconds per request per tier
// come from cpuacct.usage. Prints one table; writes bench/results/<time>-cluster.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { clusterDown, clusterUp } from "../scripts/cluster/index.mjs";
// @ts-expect-error: as above
import { stopPidFile, startHaproxy } from "../scripts/cluster/services.mjs";
import { findFreePortBlock } from "../tests/support/free-port";
import { buildApp } from "../tests/support/server-process";
import { createNamedGroupWithThread, registerUser } from "../tests/support/cluster-client";

const log = (line: string) => console.log(`[bench cluster] ${line}`);

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = Number(index >= 0 ? process.argv[index + 1] : fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const CPU = "/sys/fs/cgroup/cpu";
const CPUACCT = "/sys/fs/cgroup/cpuacct";

interface Tier {
  name: string;
  dirs: string[];
}

/** A cgroup (v1) in the cpu and cpuacct hierarchies with an optional quota (CPUs); null when the container forbids it. */
function makeTier(name: string, cpus: number | null): Tier | null {
  try {
    const group = `agora-bench-${process.pid}-${name}`;
    const dirs = [CPU, CPUACCT].filter((root, i, all) => all.indexOf(root) === i && fs.existsSync(root)).map((root) => path.join(root, group));
    for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
    if (cpus !== null) {
      fs.writeFileSync(path.join(CPU, group, "cpu.cfs_period_us"), "100000");
      fs.writeFileSync(path.join(CPU, group, "cpu.cfs_quota_us"), String(Math.round(cpus * 100_000)));
    }
    return { name, dirs };
  } catch (error) {
    log(`cgroups unavailable (${(error as Error).message}): no CPU quotas or per-tier CPU`);
    return null;
  }
}

/** The process and every descendant (by /proc's parent ids). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

function joinTier(tier: Tier | null, pid: number): void {
  if (!tier) return;
  for (const pidInTree of processTree(pid)) {
    for (const dir of tier.dirs) {
      try {
        fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pidInTree));
      } catch {
        // A short-lived child that already exited.
      }
    }
  }
}

function cpuNs(tier: Tier | null): number {
  if (!tier) return 0;
  const dir = tier.dirs.find((item) => item.startsWith(CPUACCT));
  return dir ? Number(fs.readFileSync(path.join(dir, "cpuacct.usage"), "utf8")) : 0;
}

function removeTier(tier: Tier | null): void {
  for (const dir of tier?.dirs ?? []) {
    try {
      for (const pid of fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean)) {
        fs.writeFileSync(path.join(path.dirname(dir), "cgroup.procs"), pid);
      }
      fs.rmdirSync(dir);
    } catch {
      // Left for the system to clean.
    }
  }
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
}

interface Row {
  instances: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: Record<string, number>;
}

export async function runClusterBench(): Promise<void> {
  const maxInstances = option("max-instances", 4);
  const duration = option("duration", 10);
  const connections = option("connections", 32);
  const instanceCpu = option("instance-cpu", 0.25);
  const postgresCpu = option("postgres-cpu", 1);
  buildApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-bench-cluster-"));
  const port = await findFreePortBlock(30);
  const budgetsOff = { LOG_LEVEL: "warn", AGORA_RATE_LIMIT_PER_MINUTE: "0", AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "0", AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "0", AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "0", AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE: "0" };
  const tiers: (Tier | null)[] = [];
  try {
    log(`starting primary + replica, pgbouncer, Redis and ${maxInstances} instances in ${dir}`);
    const state = await clusterUp({ dir, instances: maxInstances, port, env: budgetsOff });
    const instanceTiers = state.instances.map((instance: { name: string; pidFile: string }) => {
      const tier = makeTier(instance.name, instanceCpu);
      joinTier(tier, Number(fs.readFileSync(instance.pidFile, "utf8")));
      return tier;
    });
    const primary = makeTier("primary", postgresCpu);
    joinTier(primary, postmasterPid(path.join(dir, "postgres", "primary")));
    const replica = makeTier("replica", postgresCpu);
    joinTier(replica, postmasterPid(path.join(dir, "postgres", "replica")));
    const pooler = makeTier("pgbouncer", null);
    joinTier(pooler, Number(fs.readFileSync(path.join(dir, "pgbouncer", "pgbouncer.pid"), "utf8")));
    tiers.push(...instanceTiers, primary, replica, pooler);
    const quotas = primary ? `instances ${instanceCpu} CPU each, primary and replica ${postgresCpu} CPU each` : "none (cgroups not writable)";
    log(`CPU quotas: ${quotas}`);

    const writer = await registerUser(state.baseUrl, state.apiKey);
    const { threadId, groupName } = await createNamedGroupWithThread(state.baseUrl, state.apiKey, writer);
    const reads = [`/api/v2/users/${writer.id}/posts?per_page=10`, `/api/get_thread/${threadId}?group_name=${groupName}`];
    const guest = { api_key: state.apiKey };
    const requests = [
      ...Array.from({ length: 19 }, (_, i) => ({ method: "GET" as const, path: reads[i % 2]!, headers: guest })),
      {
        method: "POST" as const,
        path: `/api/v2/threads/${threadId}/posts/create`,
        headers: { ...guest, authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: JSON.stringify([{ insert: "bench\n" }]) }),
      },
    ];
    const rows: Row[] = [];
    for (let n = 1; n <= maxInstances; n++) {
      await stopPidFile(path.join(dir, "haproxy", "haproxy.pid"));
      await startHaproxy({ dir: path.join(dir, "haproxy"), port: state.ports.haproxy, instances: state.instances.slice(0, n) });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await autocannon({ url: state.baseUrl, connections, duration: 3, requests });
      const before = tiers.map(cpuNs);
      const result = await autocannon({ url: state.baseUrl, connections, duration, requests, timeout: 30 });
      const after = tiers.map(cpuNs);
      const total = result["2xx"] + result.non2xx;
      const perTier = (indexes: number[]) => Math.round((indexes.reduce((sum, i) => sum + (after[i]! - before[i]!), 0) / 1e6 / Math.max(1, total)) * 100) / 100;
      const instanceIndexes = state.instances.map((_: unknown, i: number) => i);
      const row: Row = {
        instances: n,
        reqPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        cpuMsPerRequest: { instances: perTier(instanceIndexes), primary: perTier([maxInstances]), replica: perTier([maxInstances + 1]), pgbouncer: perTier([maxInstances + 2]) },
      };
      rows.push(row);
      log(`${n} instance(s): ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}, errors ${row.errors}, CPU ms/request ${JSON.stringify(row.cpuMsPerRequest)}`);
    }
    const one = rows[0]!;
    const lines = [
      `95/5 read/write through haproxy, ${connections} connections, ${duration} s per row; CPU quotas: ${quotas}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}`,
      "",
      "| instances | req/s | × one | p50 ms | p99 ms | non-2xx | errors | CPU ms/req instances | primary | replica | pgbouncer |",
      "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
      ...rows.map((row) => `| ${row.instances} | ${row.reqPerSec} | ${(row.reqPerSec / one.reqPerSec).toFixed(2)} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} | ${row.cpuMsPerRequest.instances} | ${row.cpuMsPerRequest.primary} | ${row.cpuMsPerRequest.replica} | ${row.cpuMsPerRequest.pgbouncer} |`),
    ];
    console.log(`\n${lines.join("\n")}\n`);
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync(`bench/results/${new Date().toISOString().replace(/[:.]/g, "-")}-cluster.json`, JSON.stringify({ quotas, connections, duration, rows }, null, 2));
  } finally {
    for (const tier of tiers) removeTier(tier);
    await clusterDown({ dir, clean: true });
  }
}
