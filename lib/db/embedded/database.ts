import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { serveOverWire } from "@/lib/db/embedded/wire-server";
import { isProcessAlive } from "@/lib/db/embedded/process-alive";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { findResource, resource } from "@/lib/runtime/registry";

// PGlite is single-process: the first process to open the data directory serves it on a
// loopback port and records the URL, and any other process (seed, apikey) connects to it
// instead of opening the files a second time. The URL carries a password made for this
// serving process; the record is readable only by its owner, in a directory only its owner
// can enter, so other local users cannot reach the database through the port.
const EMBEDDED = "db.embedded";

interface ServedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** Whether this process opened the embedded database (and serves it to the others). */
export function isServingEmbeddedDatabase(): boolean {
  return findResource<ServedDatabase>(EMBEDDED) !== undefined;
}

interface ServerRecord {
  pid: number;
  port: number;
  url: string;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function toUrl(port: number, password: string): string {
  return `postgresql://postgres:${password}@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** Writes the record whole (readers never see half of it) and private to this user. */
function writeRecord(recordPath: string, record: ServerRecord): void {
  const temporary = `${recordPath}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, JSON.stringify(record), { mode: 0o600, flag: "wx" });
  fs.renameSync(temporary, recordPath);
}

async function findRunningServer(recordPath: string): Promise<string | undefined> {
  if (!fs.existsSync(recordPath)) return undefined;
  try {
    const record = JSON.parse(fs.readFileSync(recordPath, "utf8")) as ServerRecord;
    if (record.url && record.pid !== process.pid && isProcessAlive(record.pid) && (await canConnect(record.port))) {
      return record.url;
    }
  } catch {
    // A torn or stale record: fall through and take the directory over.
  }
  return undefined;
}

function takeLock(lockPath: string): boolean {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    const owner = Number(fs.readFileSync(lockPath, "utf8"));
    if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) return false;
    fs.rmSync(lockPath, { force: true });
    return takeLock(lockPath);
  }
}

/** Where PGlite keeps the database's files inside the data directory. */
export function embeddedFilesPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pgdata");
}

export async function startEmbeddedDatabase(dataDir: string): Promise<string> {
  // Already served by this process: a second PGlite on the same files would be a second, diverging database.
  const served = findResource<ServedDatabase>(EMBEDDED);
  if (served) return served.url;
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Kept private even when it was created before (or by hand): it holds the database files.
  fs.chmodSync(dir, 0o700);
  const recordPath = path.join(dir, "server.json");
  const lockPath = path.join(dir, "server.lock");

  for (let attempt = 0; attempt < 100; attempt++) {
    const running = await findRunningServer(recordPath);
    if (running) return running;
    if (takeLock(lockPath)) break;
    // Another process is opening the database right now; its record appears shortly.
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (attempt === 99) throw new Error(`embedded database in ${dir} is locked by another process`);
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create(embeddedFilesPath(dir));
  const password = randomBytes(32).toString("base64url");
  const server = await serveOverWire(pglite, { password, idleInTransactionMs: getEnv().AGORA_EMBEDDED_IDLE_TX_MS });
  const port = server.port;
  const url = toUrl(port, password);
  writeRecord(recordPath, { pid: process.pid, port, url });

  const release = () => {
    fs.rmSync(recordPath, { force: true });
    fs.rmSync(lockPath, { force: true });
  };
  // Once, however many ask: the signal handlers below and the shutdown (lib/shutdown.ts) both do.
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await server.close();
      await pglite.close();
      release();
    })());
  // Registered once it serves: the database client, ready after it, is stopped before it.
  resource<ServedDatabase>(EMBEDDED, () => ({ url, stop }), { stop: (served) => served.stop() });
  process.once("exit", release);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(0));
    });
  }
  logger.info({ dir, port }, "embedded PostgreSQL (PGlite) serving on loopback");
  return url;
}
