import "server-only";
import { getDb } from "@/lib/db/client";

/** GET /api/health: for load balancers and the test harness; needs no key and reveals nothing. */
export async function checkHealth(): Promise<Response> {
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
