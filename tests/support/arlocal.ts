import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Arweave from "arweave";

// A real local Arweave gateway for the archive tests (contract section 19): arlocal, from the npm
// package, on a given port, in a temp folder of its own (it writes a `logs` file into its working
// directory, and its database into --dbpath), no network. --persist keeps its database across a
// stop and a start in the same folder, so a test can take the gateway down and bring it back.

const ARLOCAL_BIN = path.resolve("node_modules/.bin/arlocal");

export interface RunningGateway {
  url: string;
  port: number;
  /** Mines the pending transactions into a block (tags and GraphQL answer for mined ones). */
  mine: () => Promise<void>;
  stop: () => Promise<void>;
}

async function waitForInfo(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`arlocal exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/info`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("arlocal did not start within 30 s");
}

/** A fresh folder for one gateway's working directory and database. */
export function makeGatewayFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "agora-arlocal-"));
}

/** Starts arlocal on `port` with its database in `folder` (kept across restarts in the same folder). */
export async function startArlocal(port: number, folder: string): Promise<RunningGateway> {
  const child = spawn(ARLOCAL_BIN, [String(port), "--dbpath", "db", "--persist", "--hidelogs"], { cwd: folder, stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForInfo(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    port,
    mine: async () => {
      const response = await fetch(`${url}/mine`);
      if (!response.ok) throw new Error(`arlocal /mine answered ${response.status}`);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }
      await exited;
    },
  };
}

/** A new Arweave wallet written as a JWK file in `folder`; answers the file and its address. */
export async function writeTestWalletKey(folder: string): Promise<{ keyFile: string; address: string }> {
  const arweave = Arweave.init({});
  const key = await arweave.wallets.generate();
  const keyFile = path.join(folder, "arweave-key.json");
  fs.writeFileSync(keyFile, JSON.stringify(key), { mode: 0o600 });
  return { keyFile, address: await arweave.wallets.jwkToAddress(key) };
}

/** Gives `address` funds on the gateway (arlocal's /mint) and mines them in. */
export async function fundWallet(gateway: RunningGateway, address: string, winston = "100000000000000"): Promise<void> {
  const response = await fetch(`${gateway.url}/mint/${address}/${winston}`);
  if (!response.ok) throw new Error(`arlocal /mint answered ${response.status}`);
  await gateway.mine();
}
