// npm run bench -- --cluster --postgres-limit (bench/cluster.ts): PostgreSQL's quota as the limit.
// The instances run free; the same mix with the instances started without the replica, then with
// it, `--rounds` times, and where a sample of guest reads ran (X-Agora-Db).
import path from "node:path";
// @ts-expect-error: plain ES modules of the cluster scripts, without type declarations
import { startInstance, stopPidFile, waitForHealth } from "../scripts/cluster/services.mjs";
import { joinTier } from "./cgroups";
import { cpuCells, log, machine, measure, sleep, warmInstances, type Cluster, type Measured } from "./cluster-load";
import { numberOption } from "./options";

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

type LimitRow = Measured & { replica: boolean; reads: Record<string, number> };

export async function postgresLimit(cluster: Cluster, quotas: string): Promise<{ table: string[]; rows: LimitRow[] }> {
  const duration = numberOption("duration", 15);
  const connections = numberOption("connections", 16);
  const warmup = numberOption("warmup", 5);
  const rounds = numberOption("rounds", 1);
  const rows: LimitRow[] = [];
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
