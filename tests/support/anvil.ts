import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { findFreePort } from "./free-port";

// A real local chain for the token-gate tests (contract section 14): anvil, from the npm package
// @foundry-rs/anvil (its binary ships in the platform package), on a free port, no network.

export const ANVIL_CHAIN_ID = 31337;

export interface RunningChain {
  rpcUrl: string;
  stop: () => Promise<void>;
}

async function waitForRpc(rpcUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("anvil did not start within 20 s");
}

export async function startAnvil(): Promise<RunningChain> {
  const port = await findFreePort();
  const bin = path.resolve("node_modules/.bin/anvil");
  const child = spawn(bin, ["--port", String(port), "--host", "127.0.0.1", "--chain-id", String(ANVIL_CHAIN_ID), "--silent"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  await waitForRpc(rpcUrl, child);
  return {
    rpcUrl,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
