// Direct database access for browser tests that must plant data the API would refuse
// (legacy or hostile content). With DATABASE_URL set, the e2e server and the tests share it;
// otherwise scripts/e2e-server.mjs keeps a fresh embedded database in .test-data/e2e-port-<port>/,
// served on the loopback URL (with its password) recorded in its server.json.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/** The PostgreSQL URL of the database behind the app at `baseURL`. */
export function resolveE2eDatabaseUrl(baseURL: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const appPort = new URL(baseURL).port || "80";
  const recordPath = path.resolve(".test-data", `e2e-port-${appPort}`, "server.json");
  if (!fs.existsSync(recordPath)) {
    throw new Error(`No embedded database record at ${recordPath}. Run the e2e server through playwright.config.ts, or set DATABASE_URL.`);
  }
  return (JSON.parse(fs.readFileSync(recordPath, "utf8")) as { url: string }).url;
}

/** Runs `work` with a connected client and always closes it. */
export async function withDatabase<T>(baseURL: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: resolveE2eDatabaseUrl(baseURL) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
