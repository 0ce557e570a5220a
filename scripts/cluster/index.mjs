// npm run cluster [-- --instances N --port P --dir D]   |   npm run cluster -- down [--dir D] [--clean]
//
// Several instances on one machine (contract section 16; docs/operations.md, "Several instances"): a
// PostgreSQL primary and a streaming replica (their own data directories and ports), pgbouncer in
// transaction mode in front of both, Redis, N instances of this checkout's build and haproxy in
// front of them with health checks. Everything lives in the state directory (default .cluster/);
// `down` stops exactly the processes recorded there. Data is kept between runs unless --clean.
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startPostgresPair, stopServer } from "./postgres.mjs";
import { startHaproxy, startInstance, startPgbouncer, startRedis, stopPidFile, waitForHealth } from "./services.mjs";

const DATABASE = "agora";

/** Ports from `port` (haproxy) up: instances port+1..port+N, then PostgreSQL, replica, pgbouncer, Redis at port+20... */
export function clusterPorts(port, instances) {
  return {
    haproxy: port,
    instances: Array.from({ length: instances }, (_, i) => port + 1 + i),
    primary: port + 20,
    replica: port + 21,
    pgbouncer: port + 22,
    redis: port + 23,
  };
}

function buildIfNeeded(env) {
  const distDir = process.env.AGORA_NEXT_DIST_DIR || ".next";
  if (fs.existsSync(path.join(distDir, "BUILD_ID")) && process.env.AGORA_CLUSTER_BUILD !== "1") return;
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error("build failed");
}

/** The API key for the cluster: seeds the database the first time, then reads it back from the state. */
function seed(dir, directUrl) {
  const keyFile = path.join(dir, "api-key");
  if (fs.existsSync(keyFile)) return fs.readFileSync(keyFile, "utf8").trim();
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/seed.ts"], {
    env: { ...process.env, DATABASE_URL: directUrl, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}${result.stdout}`);
  const key = result.stdout.trim().split("\n").pop().trim();
  fs.writeFileSync(keyFile, key, { mode: 0o600 });
  return key;
}

/**
 * Starts the whole cluster; resolves once haproxy answers and every instance is healthy.
 * `env`: extra environment for the instances (budgets, log level).
 */
export async function clusterUp({ dir = ".cluster", instances = 2, port = 8080, env = {} } = {}) {
  dir = path.resolve(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // PostgreSQL and pgbouncer run as `postgres` (when we are root) in directories below: let them pass.
  fs.chmodSync(dir, 0o711);
  const ports = clusterPorts(port, instances);
  const secretFile = path.join(dir, "secret");
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
  const secret = fs.readFileSync(secretFile, "utf8").trim();
  buildIfNeeded({ AGORA_SECRET: secret });
  const pair = await startPostgresPair({ baseDir: path.join(dir, "postgres"), primaryPort: ports.primary, replicaPort: ports.replica, database: DATABASE });
  await startPgbouncer({ dir: path.join(dir, "pgbouncer"), port: ports.pgbouncer, primaryPort: ports.primary, replicaPort: ports.replica, database: DATABASE });
  await startRedis({ dir: path.join(dir, "redis"), port: ports.redis });
  const apiKey = seed(dir, pair.primaryUrl);
  const pooled = `postgresql://postgres@127.0.0.1:${ports.pgbouncer}`;
  const instanceEnv = {
    DATABASE_URL: `${pooled}/${DATABASE}`,
    DATABASE_DIRECT_URL: pair.primaryUrl,
    DATABASE_REPLICA_URL: `${pooled}/${DATABASE}_replica`,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    AGORA_SECRET: secret,
    AGORA_TRUSTED_PROXY_HOPS: "1",
    AGORA_PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
    AGORA_DATA_DIR: path.join(dir, "data"),
    ...env,
  };
  const started = ports.instances.map((instancePort, i) => ({
    name: `instance-${i + 1}`,
    port: instancePort,
    ...startInstance({ dir: path.join(dir, "instances"), name: `instance-${i + 1}`, port: instancePort, env: instanceEnv }),
  }));
  await Promise.all(started.map((instance) => waitForHealth(instance.baseUrl)));
  await startHaproxy({ dir: path.join(dir, "haproxy"), port: ports.haproxy, instances: started });
  const state = {
    dir,
    ports,
    apiKey,
    primaryUrl: pair.primaryUrl,
    replicaUrl: pair.replicaUrl,
    baseUrl: `http://127.0.0.1:${ports.haproxy}`,
    instances: started.map(({ name, port: p, baseUrl, pidFile }) => ({ name, port: p, baseUrl, pidFile })),
    instanceEnv,
  };
  fs.writeFileSync(path.join(dir, "state.json"), JSON.stringify(state, null, 2), { mode: 0o600 });
  return state;
}

/** Stops everything the state directory records (haproxy, instances, Redis, pgbouncer, PostgreSQL). */
export async function clusterDown({ dir = ".cluster", clean = false } = {}) {
  dir = path.resolve(dir);
  if (!fs.existsSync(dir)) return;
  await stopPidFile(path.join(dir, "haproxy", "haproxy.pid"));
  const instancesDir = path.join(dir, "instances");
  if (fs.existsSync(instancesDir)) {
    await Promise.all(
      fs
        .readdirSync(instancesDir)
        .filter((name) => name.endsWith(".pid"))
        .map((name) => stopPidFile(path.join(instancesDir, name), "SIGTERM", 30_000)),
    );
  }
  await stopPidFile(path.join(dir, "redis", "redis.pid"));
  await stopPidFile(path.join(dir, "pgbouncer", "pgbouncer.pid"));
  stopServer(path.join(dir, "postgres", "replica"), "fast");
  stopServer(path.join(dir, "postgres", "primary"), "fast");
  if (clean) fs.rmSync(dir, { recursive: true, force: true });
}

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
}

async function main(args) {
  const dir = option(args, "dir", ".cluster");
  if (args[0] === "down") {
    await clusterDown({ dir, clean: args.includes("--clean") });
    console.log(`Cluster in ${dir} stopped.`);
    return;
  }
  const instances = Number(option(args, "instances", "2"));
  const port = Number(option(args, "port", "8080"));
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error("--instances: 1 to 16");
  const state = await clusterUp({ dir, instances, port, env: { LOG_LEVEL: "warn" } });
  console.log(`Agora on ${state.baseUrl} (haproxy) over ${instances} instance(s): ${state.instances.map((i) => `${i.name} ${i.baseUrl}`).join(", ")}`);
  console.log(`PostgreSQL primary ${state.primaryUrl}, replica ${state.replicaUrl}, pgbouncer :${state.ports.pgbouncer}, Redis :${state.ports.redis}`);
  console.log(`API key: ${state.apiKey}`);
  console.log(`Logs and data in ${state.dir}; stop with: npm run cluster -- down${dir === ".cluster" ? "" : ` --dir ${dir}`}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
