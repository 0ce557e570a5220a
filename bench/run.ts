// npm run bench: API latency medians and write throughput on the embedded database and on
// PostgreSQL (when a local server answers), measured in one run so they can be compared.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { buildApp, runPackageScript, startServer } from "../tests/support/server-process";
import { readRssMiB, timeParallel, timeSequential, type Sample } from "./measure";

const READS = 200;
const WRITES = 100;
const PARALLEL_WRITES = 50;

interface Result {
  database: string;
  samples: Record<string, Sample>;
  parallelWritesMs: number;
  rssMiB: number;
}

function localPostgresUrl(): string | null {
  try {
    const name = `agora_bench_${process.pid}`;
    execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", `CREATE DATABASE ${name}`], { stdio: "ignore" });
    return `postgresql://postgres@127.0.0.1:5432/${name}`;
  } catch {
    return null;
  }
}

function dropPostgres(url: string): void {
  const name = new URL(url).pathname.slice(1);
  execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", `DROP DATABASE IF EXISTS ${name}`], { stdio: "ignore" });
}

async function registerUser(baseUrl: string, apiKey: string): Promise<string> {
  const wallet = createEvmTestWallet();
  const nonce = await fetch(`${baseUrl}/api/wallet/nonce?web3_public_key=${wallet.address}&wallet_type=5`, { headers: { api_key: apiKey } });
  const { message } = (await nonce.json()).data as { message: string };
  const response = await fetch(`${baseUrl}/api/wallet/register`, {
    method: "POST",
    headers: { api_key: apiKey, "content-type": "application/json" },
    body: JSON.stringify({ web3_public_key: wallet.address, wallet_type: 5, signMsg: message, sign: await wallet.sign(message), username: `bench${Date.now() % 1e8}`, photo_url: "" }),
  });
  return ((await response.json()).data as { api_token: string }).api_token;
}

async function measure(database: string, env: Record<string, string>): Promise<Result> {
  const server = await startServer({ ...env, LOG_LEVEL: "warn", AGORA_RATE_LIMIT_PER_MINUTE: "0" });
  try {
    const apiKey = runPackageScript("db:seed", [], server.env).trim().split("\n").pop()!.trim();
    const base = server.baseUrl;
    const headers = { api_key: apiKey };
    const token = await registerUser(base, apiKey);
    const write = { ...headers, authorization: `Bearer ${token}`, "content-type": "application/json" };
    const content = JSON.stringify([{ insert: "Benchmark reply with " }, { insert: "bold", attributes: { bold: true } }, { insert: " text\n" }]);
    const samples: Record<string, Sample> = {
      "GET get_thread (page of 10)": await timeSequential(READS, () => fetch(`${base}/api/get_thread/12?group_name=ethereum-dev`, { headers })),
      "GET group threads (20)": await timeSequential(READS, () => fetch(`${base}/api/v2/groups/2/threads?per_page=20&sort=new`, { headers })),
      "GET group info": await timeSequential(READS, () => fetch(`${base}/api/v2/groups/2`, { headers })),
      "POST create post": await timeSequential(WRITES, () =>
        fetch(`${base}/api/v2/threads/12/posts/create`, { method: "POST", headers: write, body: JSON.stringify({ content }) }),
      ),
    };
    const parallelWritesMs = await timeParallel(PARALLEL_WRITES, () =>
      fetch(`${base}/api/v2/threads/13/posts/create`, { method: "POST", headers: write, body: JSON.stringify({ content }) }),
    );
    return { database, samples, parallelWritesMs, rssMiB: readRssMiB(server.pid) };
  } finally {
    await server.stop();
  }
}

async function main() {
  buildApp();
  const dataDir = path.resolve(".test-data", `bench-${Date.now()}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const results = [await measure("embedded (PGlite)", { AGORA_DATA_DIR: dataDir, DATABASE_URL: "" })];
  const pgUrl = localPostgresUrl();
  if (pgUrl) {
    try {
      results.push(await measure("PostgreSQL", { AGORA_DATA_DIR: dataDir, DATABASE_URL: pgUrl }));
    } finally {
      dropPostgres(pgUrl);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nAgora benchmarks (${READS} sequential reads, ${WRITES} sequential writes, ${PARALLEL_WRITES} parallel writes per database)`);
  for (const result of results) {
    console.log(`\n${result.database}`);
    for (const [name, sample] of Object.entries(result.samples)) {
      console.log(`  ${name.padEnd(30)} median ${sample.median.toFixed(1).padStart(6)} ms   p95 ${sample.p95.toFixed(1).padStart(6)} ms`);
    }
    console.log(`  ${`${PARALLEL_WRITES} parallel posts`.padEnd(30)} ${result.parallelWritesMs.toFixed(0).padStart(6)} ms wall`);
    console.log(`  ${"server RSS after the run".padEnd(30)} ${result.rssMiB.toFixed(0).padStart(6)} MiB`);
  }
  if (results.length === 2) {
    console.log("\nembedded / PostgreSQL (median ratio)");
    for (const name of Object.keys(results[0]!.samples)) {
      console.log(`  ${name.padEnd(30)} ${(results[0]!.samples[name]!.median / results[1]!.samples[name]!.median).toFixed(2)}x`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
