import "server-only";
import { checkDatabaseHealth } from "@/lib/db/health";

const DATABASE_TIMEOUT_MS = 2_000;

/**
 * GET /api/health: for load balancers and the test harness; needs no key and reveals no names.
 * 200 when the database answers and every migration of this build is applied, else 503
 * (contract section 16). This build has no replica or Redis, so those are null.
 */
export async function checkHealth(): Promise<Response> {
  const { database, migrations } = await checkDatabaseHealth(DATABASE_TIMEOUT_MS);
  const ready = database === "ok" && migrations?.status === "ok";
  const body = { status: ready ? "ok" : "unavailable", database, migrations, replica: null, redis: null };
  return Response.json(body, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
