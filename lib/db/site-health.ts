import "server-only";
import { checkDatabaseHealth, type DatabaseHealth } from "@/lib/db/engine/health";
import { readReplicaHealth } from "@/lib/db/engine/read-routing";

// The database side of the site admins' health page: the same checks as GET /api/health.

export async function readDatabaseHealth(timeoutMs: number): Promise<DatabaseHealth & { replica: ReturnType<typeof readReplicaHealth> }> {
  return { ...(await checkDatabaseHealth(timeoutMs)), replica: readReplicaHealth() };
}
