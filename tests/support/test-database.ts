import fs from "node:fs";
import path from "node:path";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Where the tests write: DATABASE_URL when set (it must be a local server, since the tests
 * fill it with data), otherwise a fresh embedded database directory of their own.
 */
export function prepareTestDatabase(): { databaseUrl?: string; dataDir: string } {
  const dataDir = path.resolve(".test-data", `run-${Date.now()}-${process.pid}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    const host = new URL(databaseUrl).hostname;
    if (!LOCAL_HOSTS.has(host)) {
      throw new Error(`Refusing to run tests against a non-local database (${host}). Point DATABASE_URL at a local server.`);
    }
  }
  return { databaseUrl, dataDir };
}
