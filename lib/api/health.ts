import "server-only";
import { checkDatabaseHealth } from "@/lib/db/engine/health";
import { readReplicaHealth } from "@/lib/db/engine/read-routing";
import { checkRedisHealth } from "@/lib/redis";

const DATABASE_TIMEOUT_MS = 2_000;
const REDIS_TIMEOUT_MS = 1_000;

/**
 * GET /api/health: for load balancers and the test harness; needs no key and reveals no names.
 * 200 when the database answers and every migration of this build is applied, else 503
 * (contract section 16). replica: null without DATABASE_REPLICA_URL, else its status ("ok", "lagging"
 * at 5 s or more, "unavailable") and lag from the last poll; redis is "ok" or "unavailable" when
 * REDIS_URL is set. Neither makes this a 503: reads and rate limits fall back to the primary and memory.
 */
export async function checkHealth(): Promise<Response> {
  const [{ database, migrations }, redis] = await Promise.all([checkDatabaseHealth(DATABASE_TIMEOUT_MS), checkRedisHealth(REDIS_TIMEOUT_MS)]);
  const ready = database === "ok" && migrations?.status === "ok";
  const body = { status: ready ? "ok" : "unavailable", database, migrations, replica: readReplicaHealth(), redis };
  return Response.json(body, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
