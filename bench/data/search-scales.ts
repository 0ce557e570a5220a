// Search at two scales, side by side: the two search rows of `npm run bench` (a common word and a
// rare quoted phrase) against two already generated PostgreSQL databases, one server each, taking
// turns round by round so a busy machine slows both alike. Prints req/s, p50 and p99 per round,
// the medians, the large ÷ small ratio of the p50 medians, and the CPU each request cost in the
// server and in the database's backends (so a change can be placed on one side or the other).
//
//   npx tsx --conditions=react-server bench/data/search-scales.ts --small <url> --large <url> [--rounds 3] [--dist .next-bench]
//
// The databases come from bench/data/generate.ts (--scale small / --scale large); they are only read.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { startServer, type RunningServer } from "../../tests/support/server-process";
import { measureScenario, type LoadSettings, type ScenarioResult } from "../load/load";
import { lastLine, runNpmScript } from "../support/processes";
import { buildScenarios, type Scenario } from "../load/scenarios";
import { findTargets } from "../load/targets";

const log = (line: string) => console.log(`[search-scales] ${line}`);
const SEARCH_KEYS = ["search_phrase", "search_common"];
const TICKS_PER_SECOND = 100;

function option(name: string, fallback?: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : fallback;
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

/** utime + stime of a process, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // The process has ended.
  }
}

function childPids(pid: number): number[] {
  const read = (child: number) => fs.readFileSync(`/proc/${pid}/task/${child}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return fs.readdirSync(`/proc/${pid}/task`).map(Number).flatMap(read);
}

/** The server process tree and the PostgreSQL backends serving `database`. */
function processesOf(server: RunningServer, database: string): number[] {
  const tree = [server.pid];
  for (let index = 0; index < tree.length; index++) tree.push(...childPids(tree[index]!));
  // A backend's title: "postgres: [cluster: ]user database host(port) state".
  const backend = new RegExp(`^postgres: (\\S+: )?\\S+ ${database} `);
  const backends = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return backend.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
      } catch {
        return false;
      }
    });
  return [...tree, ...backends.map((pid) => -pid)];
}

interface Measured extends ScenarioResult {
  serverCpuMs: number;
  databaseCpuMs: number;
}

async function measureWithCpu(server: RunningServer, database: string, scenario: Scenario, settings: LoadSettings): Promise<Measured> {
  // The warm-up opens the pool's connections; the window's CPU is read around the whole run and
  // divided by every request it answered (probe and warm-up included).
  const pids = () => processesOf(server, database);
  const before = new Map(pids().map((pid) => [pid, cpuTicks(Math.abs(pid))]));
  const result = await measureScenario(server.baseUrl, scenario, settings);
  let serverTicks = 0;
  let databaseTicks = 0;
  for (const pid of pids()) {
    const spent = cpuTicks(Math.abs(pid)) - (before.get(pid) ?? 0);
    if (pid > 0) serverTicks += spent;
    else databaseTicks += spent;
  }
  const perRequest = (ticks: number) => Number(((1000 * ticks) / TICKS_PER_SECOND / result.succeeded).toFixed(2));
  return { ...result, serverCpuMs: perRequest(serverTicks), databaseCpuMs: perRequest(databaseTicks) };
}

interface Side {
  scale: string;
  server: RunningServer;
  database: string;
  scenarios: Scenario[];
  results: Map<string, Measured[]>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const urls = { small: option("small"), large: option("large") };
  const rounds = Number(option("rounds", "3"));
  const dist = option("dist", ".next-bench");
  const settings: LoadSettings = { connections: 16, warmupSeconds: 3, durationSeconds: 8 };
  const budgetsOff = { AGORA_RATE_LIMIT_PER_MINUTE: "0", AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "0" };
  const sides: Side[] = [];
  for (const [scale, url] of Object.entries(urls)) {
    const env = {
      DATABASE_URL: url,
      AGORA_SECRET: randomBytes(32).toString("hex"),
      AGORA_NEXT_DIST_DIR: dist,
      AGORA_BENCH_BUILD: "1",
      AGORA_DB_POOL_MAX: "16",
      LOG_LEVEL: "warn",
      ...budgetsOff,
    };
    const server = await startServer(env);
    const apiKey = lastLine(runNpmScript("apikey", ["create", "bench-search"], server.env));
    const scenarios = buildScenarios(await findTargets(url), { apiKey, token: "", writerTokens: [], sessionCookie: "" }).filter((scenario) =>
      SEARCH_KEYS.includes(scenario.key),
    );
    sides.push({ scale, server, database: new URL(url).pathname.slice(1), scenarios, results: new Map<string, Measured[]>() });
    log(`${scale}: server ${server.baseUrl} (pid ${server.pid}) on ${url}`);
  }
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const key of SEARCH_KEYS) {
        for (const side of sides) {
          const scenario = side.scenarios.find((candidate) => candidate.key === key)!;
          const result = await measureWithCpu(side.server, side.database, scenario, settings);
          side.results.set(key, [...(side.results.get(key) ?? []), result]);
          log(
            `round ${round} ${side.scale} ${scenario.name}: ${result.reqPerSec.toFixed(1)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
              `${result.bytes} B, CPU per request ${result.serverCpuMs} ms server + ${result.databaseCpuMs} ms database${result.non2xx + result.errors > 0 ? ", FAILURES" : ""}`,
          );
        }
      }
    }
  } finally {
    for (const side of sides) await side.server.stop();
  }
  console.log("\n| request | scale | req/s | p50 ms | server CPU ms/req | database CPU ms/req |\n|---|---|--:|--:|--:|--:|");
  for (const key of SEARCH_KEYS) {
    for (const side of sides) {
      const results = side.results.get(key)!;
      const pick = (field: keyof Measured) => median(results.map((result) => Number(result[field])));
      console.log(
        `| ${results[0]!.name} | ${side.scale} | ${pick("reqPerSec").toFixed(0)} | ${pick("p50Ms")} | ${pick("serverCpuMs")} | ${pick("databaseCpuMs")} |`,
      );
    }
    const p50 = (side: Side) => median(side.results.get(key)!.map((result) => result.p50Ms));
    console.log(`| ${key}: large ÷ small p50 | | | ${(p50(sides[1]!) / p50(sides[0]!)).toFixed(2)}× | | |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
