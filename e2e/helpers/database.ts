// Direct database access for browser tests that must plant data the API would refuse
// (legacy or hostile content). With DATABASE_URL set, the e2e server and the tests share it.
// Otherwise scripts/e2e-server.mjs runs a fresh embedded database in .test-data/e2e-<time>/,
// served on a loopback port recorded in server.json by the process that opened it; several
// such servers can run at once (one per helper or CI job), so the right one is found by
// asking the kernel which of those processes is listening on this test run's HTTP port.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

interface ServerRecord {
  pid: number;
  port: number;
}

function readListeningInodes(pid: number, port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["tcp", "tcp6"]) {
    const file = `/proc/${pid}/net/${table}`;
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is column 1 ("0100007F:0C81"), state column 3 (0A = LISTEN), inode column 9.
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === "0A" && columns[9]) inodes.add(columns[9]);
    }
  }
  return inodes;
}

function isListeningOn(pid: number, port: number): boolean {
  const inodes = readListeningInodes(pid, port);
  if (inodes.size === 0) return false;
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        return match !== null && inodes.has(match[1]!);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** The PostgreSQL URL of the database behind the app at `baseURL`. */
export function resolveE2eDatabaseUrl(baseURL: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const appPort = Number(new URL(baseURL).port || 80);
  const root = path.resolve(".test-data");
  const dirs = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name.startsWith("e2e-")) : [];
  for (const dir of dirs) {
    const recordPath = path.join(root, dir, "server.json");
    if (!fs.existsSync(recordPath)) continue;
    try {
      const record = JSON.parse(fs.readFileSync(recordPath, "utf8")) as ServerRecord;
      if (isListeningOn(record.pid, appPort)) {
        return `postgresql://postgres:postgres@127.0.0.1:${record.port}/postgres?sslmode=disable`;
      }
    } catch {
      // A record being rewritten or a process that just exited: not ours.
    }
  }
  throw new Error(
    `No embedded database serves the app on port ${appPort}. Run the e2e server through playwright.config.ts, or set DATABASE_URL to the database it uses.`,
  );
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
