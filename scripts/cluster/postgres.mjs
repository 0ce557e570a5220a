// A PostgreSQL primary and a streaming replica of it, each in its own data directory and port,
// from Debian's PostgreSQL binaries (initdb, pg_basebackup -R): `npm run cluster` and the tests
// of contract section 16 use it. As root the servers run as the `postgres` user.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const BIN = process.env.AGORA_PG_BIN ?? findPgBin();

function findPgBin() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (fs.existsSync(path.join(root, version, "bin", "initdb"))) return path.join(root, version, "bin");
  return "";
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root (initdb and postgres refuse root). */
function run(binary, args, options = {}) {
  const command = path.join(BIN, binary);
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], ...options }).toString();
}

function own(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
}

function serverOptions(port, socketDir) {
  // fsync off: these clusters are for tests and one-machine demos, never for data to keep.
  return `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200 -c hot_standby_feedback=on`;
}

export function postgresUrl(port, database = "postgres") {
  return `postgresql://postgres@127.0.0.1:${port}/${database}`;
}

/** Starts the server in `dataDir` (the cluster's own settings) and waits until it accepts connections. */
export function startServer(dataDir, port, socketDir) {
  run("pg_ctl", ["-D", dataDir, "-o", serverOptions(port, socketDir), "-l", path.join(dataDir, "server.log"), "-w", "-t", "60", "start"]);
}

/** Stops a server: "fast" finishes nothing in flight; "immediate" is a crash (as kill -9 of the postmaster). */
export function stopServer(dataDir, mode = "fast") {
  if (!fs.existsSync(path.join(dataDir, "postmaster.pid"))) return;
  try {
    run("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
  } catch {
    // Already stopped.
  }
}

/**
 * initdb + start the primary in `baseDir/primary` on `primaryPort`, create `database`, then
 * pg_basebackup -R a replica into `baseDir/replica` and start it on `replicaPort`.
 */
export async function startPostgresPair({ baseDir, primaryPort, replicaPort, database = "agora" }) {
  if (!BIN) throw new Error("PostgreSQL binaries not found (apt-get install postgresql, or set AGORA_PG_BIN)");
  own(baseDir);
  const primary = path.join(baseDir, "primary");
  const replica = path.join(baseDir, "replica");
  const sockets = path.join(baseDir, "sockets");
  own(sockets);
  if (!fs.existsSync(path.join(primary, "PG_VERSION")))
    run("initdb", ["-D", primary, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale", "C"]);
  startServer(primary, primaryPort, sockets);
  const admin = new pg.Client({ connectionString: postgresUrl(primaryPort) });
  await admin.connect();
  const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  if (!fs.existsSync(path.join(replica, "PG_VERSION"))) {
    run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replica, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
  }
  startServer(replica, replicaPort, sockets);
  return {
    primaryUrl: postgresUrl(primaryPort, database),
    replicaUrl: postgresUrl(replicaPort, database),
    primaryDir: primary,
    replicaDir: replica,
    startReplica: () => startServer(replica, replicaPort, sockets),
    stopReplica: (mode = "immediate") => stopServer(replica, mode),
    stop: () => {
      stopServer(replica, "immediate");
      stopServer(primary, "fast");
    },
  };
}

/** Pauses or resumes WAL replay on the replica (pg_wal_replay_pause / _resume). */
export async function setReplayPaused(replicaUrl, paused) {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    await client.query(paused ? "SELECT pg_wal_replay_pause()" : "SELECT pg_wal_replay_resume()");
    // A pause is a request: wait until replay has really stopped.
    for (let i = 0; paused && i < 100; i++) {
      const { rows } = await client.query("SELECT pg_get_wal_replay_pause_state() AS state");
      if (rows[0].state === "paused") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}
