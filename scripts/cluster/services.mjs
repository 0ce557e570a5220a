// The parts of `npm run cluster` besides PostgreSQL: pgbouncer in transaction mode, Redis, the
// app instances (`next start` of this checkout's build) and haproxy in front with health checks.
// Every process writes its pid into the cluster's state directory, so `down` stops exactly them.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { nextStartArgs } from "../next-start.mjs";

const asRoot = process.getuid?.() === 0;

export function waitForPort(port, ms = 60_000) {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve();
      });
      socket.on("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export async function waitForHealth(baseUrl, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(new URL("/api/health", baseUrl))).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl} did not become healthy`);
}

function readPid(file) {
  try {
    return Number(fs.readFileSync(file, "utf8").trim()) || null;
  } catch {
    return null;
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process whose pid is in `file`; waits up to `ms` for it to go, then SIGKILL. */
export async function stopPidFile(file, signal = "SIGTERM", ms = 15_000) {
  const pid = readPid(file);
  if (!pid || !isAlive(pid)) return fs.rmSync(file, { force: true });
  process.kill(pid, signal);
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
  fs.rmSync(file, { force: true });
}

/** pgbouncer in transaction mode in front of both servers: databases `agora` (primary) and `agora_replica`. */
export async function startPgbouncer({ dir, port, primaryPort, replicaPort, database }) {
  fs.mkdirSync(dir, { recursive: true });
  const ini = path.join(dir, "pgbouncer.ini");
  fs.writeFileSync(path.join(dir, "userlist.txt"), '"postgres" ""\n');
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `${database} = host=127.0.0.1 port=${primaryPort} dbname=${database}`,
      `${database}_replica = host=127.0.0.1 port=${replicaPort} dbname=${database}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 2000",
      "default_pool_size = 40",
      "server_reset_query =",
      // A server that is down (a killed replica) fails its clients within seconds, so the app falls
      // back to the primary instead of waiting; it is tried again every second.
      "server_login_retry = 1",
      "server_connect_timeout = 2",
      "query_wait_timeout = 10",
      "ignore_startup_parameters = extra_float_digits,options",
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  // pgbouncer refuses to run as root.
  const [file, args] = asRoot ? ["runuser", ["-u", "postgres", "--", "pgbouncer", "-d", ini]] : ["pgbouncer", ["-d", ini]];
  execFileSync(file, args, { stdio: "ignore" });
  await waitForPort(port);
  return { pidFile: path.join(dir, "pgbouncer.pid") };
}

export async function startRedis({ dir, port }) {
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, "redis.pid");
  execFileSync(
    "redis-server",
    [
      "--bind",
      "127.0.0.1",
      "--port",
      String(port),
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "yes",
      "--pidfile",
      pidFile,
      "--dir",
      dir,
      "--logfile",
      path.join(dir, "redis.log"),
    ],
    { stdio: "ignore" },
  );
  await waitForPort(port);
  for (let i = 0; i < 50 && !readPid(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return { pidFile };
}

/** One `next start` of this checkout's build, detached (its own process group), logging to a file. */
export function startInstance({ dir, name, port, env }) {
  fs.mkdirSync(dir, { recursive: true });
  const log = fs.openSync(path.join(dir, `${name}.log`), "a");
  const child = spawn(process.execPath, nextStartArgs(port, { ...process.env, ...env }), {
    env: { ...process.env, ...env, AGORA_INSTANCE_ID: name, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  fs.writeFileSync(path.join(dir, `${name}.pid`), String(child.pid));
  return { pid: child.pid, pidFile: path.join(dir, `${name}.pid`), baseUrl: `http://127.0.0.1:${port}` };
}

/** Requests one instance works on at once; haproxy queues the rest (a Node process gains nothing from more). */
export const MAX_IN_FLIGHT = 16;

/** haproxy, to the instance with the fewest requests in flight, each checked on /api/health every second. */
export async function startHaproxy({ dir, port, instances }) {
  fs.mkdirSync(dir, { recursive: true });
  const cfg = path.join(dir, "haproxy.cfg");
  const pidFile = path.join(dir, "haproxy.pid");
  fs.writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 4096",
      // Per-server counters (`show stat`): how many requests each instance has answered.
      `  stats socket ${path.join(dir, "haproxy.sock")} mode 600 level user`,
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 60s",
      "  timeout server 60s",
      // A busy instance may take a moment to answer its health check: that is not down.
      "  timeout check 5s",
      // Event streams stay open: give them the tunnel's long timeout.
      "  timeout tunnel 1h",
      "  option forwardfor",
      "  option redispatch",
      // An instance that dies mid-request: a request that can be replayed safely goes to another.
      "  retries 3",
      "  retry-on conn-failure empty-response response-timeout",
      // Requests wait in haproxy's queue at most this long for an instance's free slot (maxconn).
      "  timeout queue 30s",
      "frontend agora",
      `  bind 127.0.0.1:${port}`,
      // A write may have run before its instance died: never send it twice.
      "  http-request disable-l7-retry if METH_POST",
      "  use_backend streams if { path_end /events }",
      "  default_backend instances",
      "backend instances",
      // Fewest requests in flight: a slow or CPU-throttled instance gets fewer, not an equal share.
      "  balance leastconn",
      "  option httpchk GET /api/health",
      "  http-check expect status 200",
      // At most MAX_IN_FLIGHT requests on an instance, the rest queued here: an instance flooded with
      // requests answers its health check only after them, fails it and is taken out, and then the
      // next one is flooded (seen at 48 connections on one 0.1-CPU instance: every answer a 503).
      ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 1s fall 3 rise 2 maxconn ${MAX_IN_FLIGHT}`),
      // Event streams stay open for hours: they do not take request slots. Their servers follow the
      // health of the same servers above instead of checking them a second time.
      "backend streams",
      "  balance leastconn",
      ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} track instances/${instance.name}`),
      "",
    ].join("\n"),
  );
  execFileSync("haproxy", ["-D", "-f", cfg, "-p", pidFile], { stdio: "ignore" });
  await waitForPort(port);
  return { pidFile };
}
