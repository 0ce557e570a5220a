// npm run bench -- --cluster --postgres-limit (bench/cluster/cluster.ts): PostgreSQL's quota as the limit.
// The instances run free; the same mix with the instances started without the replica, then with
// it, `--rounds` times, and where a sample of guest reads ran (X-Agora-Db).
import { cpuCells, log, machine, measure, restartInstances, sleep, warmInstances, type Cluster, type Measured } from "./cluster-load";
import { numberOption } from "../support/options";

/** Every instance restarted with or without the replica, healthy and warm. */
async function restartWithReplica(cluster: Cluster, withReplica: boolean, warmAmount: number): Promise<void> {
  await restartInstances(cluster, cluster.instances, {
    ...cluster.instanceEnv,
    DATABASE_REPLICA_URL: withReplica ? cluster.instanceEnv.DATABASE_REPLICA_URL! : "",
  });
  await sleep(2_500);
  await warmInstances(cluster.instances, cluster.requests, warmAmount);
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
  // Fewer than the scaling rows': the instances run free here, and PostgreSQL's 0.1 CPU limits the warm-up too.
  const warmRequests = numberOption("warm-requests", 300);
  const rows: LimitRow[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const replica of [false, true]) {
      await restartWithReplica(cluster, replica, warmRequests);
      const row = { replica, ...(await measure(cluster, connections, duration, warmup)), reads: await readPlaces(cluster, 40) };
      rows.push(row);
      log(
        `replica ${replica ? "on" : "off"}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}, CPU ms/request ${JSON.stringify(row.cpuMsPerRequest)}, reads ${JSON.stringify(row.reads)}`,
      );
    }
  }
  const table = [
    `PostgreSQL's quota as the limit: 95/5 read/write through haproxy to ${cluster.instances.length} instances, ${connections} connections, ${warmup} s warm-up then ${duration} s per row; CPU quotas: ${quotas}; ${machine()}`,
    "",
    "| replica | req/s | p50 ms | p99 ms | non-2xx | errors | CPU ms/req instances | primary | replica | pgbouncer | 40 guest reads ran on |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
    ...rows.map(
      (row) =>
        `| ${row.replica ? "on" : "off"} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} | ${cpuCells(row)} | ${Object.entries(
          row.reads,
        )
          .map(([place, count]) => `${place} ${count}`)
          .join(", ")} |`,
    ),
  ];
  return { table, rows };
}
