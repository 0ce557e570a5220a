import "server-only";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { serveOverWire } from "@/lib/db/embedded-wire-server";
import { logger } from "@/lib/log";

// PGlite is single-process: the first process to open the data directory serves it on a
// loopback port and records that port, and any other process (seed, apikey) connects to it
// instead of opening the files a second time.
const globalForEmbedded = globalThis as unknown as { agoraEmbedded?: { stop: () => Promise<void> } };

/** Closes the embedded database this process opened (scripts call it so PGlite shuts down cleanly). */
export async function stopEmbeddedDatabase(): Promise<void> {
  const embedded = globalForEmbedded.agoraEmbedded;
  globalForEmbedded.agoraEmbedded = undefined;
  await embedded?.stop();
}

interface ServerRecord {
  pid: number;
  port: number;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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

function toUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

async function findRunningServer(recordPath: string): Promise<string | undefined> {
  if (!fs.existsSync(recordPath)) return undefined;
  try {
    const record = JSON.parse(fs.readFileSync(recordPath, "utf8")) as ServerRecord;
    if (record.pid !== process.pid && isProcessAlive(record.pid) && (await canConnect(record.port))) {
      return toUrl(record.port);
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

export async function startEmbeddedDatabase(dataDir: string): Promise<string> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
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
  const pglite = await PGlite.create(path.join(dir, "pgdata"));
  const server = await serveOverWire(pglite);
  const port = server.port;
  fs.writeFileSync(recordPath, JSON.stringify({ pid: process.pid, port } satisfies ServerRecord));

  const release = () => {
    fs.rmSync(recordPath, { force: true });
    fs.rmSync(lockPath, { force: true });
  };
  const stop = async () => {
    await server.close();
    await pglite.close();
    release();
  };
  globalForEmbedded.agoraEmbedded = { stop };
  process.once("exit", release);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(0));
    });
  }
  logger.info({ dir, port }, "embedded PostgreSQL (PGlite) serving on loopback");
  return toUrl(port);
}
