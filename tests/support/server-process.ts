import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
// @ts-expect-error: a plain ES module shared with the scripts, without type declarations
import { NEXT_BIN, nextStartArgs } from "../../scripts/next-start.mjs";
import { findFreePort } from "./free-port";

export interface RunningServer {
  baseUrl: string;
  pid: number;
  env: NodeJS.ProcessEnv;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code (null when killed by a signal). */
  stop: () => Promise<number | null>;
  /** The server's output so far (the last 20 KB). */
  logs: () => string;
  /** Sends `signal` to the server's whole process group (started with `detached`) and resolves once it exited. */
  killGroup: (signal: NodeJS.Signals) => Promise<void>;
}

/** `next build`, unless a build exists and AGORA_TEST_REUSE_BUILD=1 says to reuse it. */
export function buildApp(): void {
  const distDir = process.env.AGORA_NEXT_DIST_DIR || ".next";
  if (process.env.AGORA_TEST_REUSE_BUILD === "1" && fs.existsSync(path.join(distDir, "BUILD_ID"))) return;
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("next build failed");
}

async function waitForReady(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${logs()}`);
}

/**
 * Starts the production server (`next start`) with its own environment. `detached` makes it the
 * leader of a process group of its own, so killGroup reaches every process it started and no other.
 */
export async function startServer(env: Record<string, string>, options: { detached?: boolean; port?: number } = {}): Promise<RunningServer> {
  const port = options.port ?? (await findFreePort());
  // Test servers share one embedded database (AGORA_EMBEDDED_SHARED=1) unless a test says otherwise.
  const fullEnv = { ...process.env, AGORA_EMBEDDED_SHARED: "1", ...env, PORT: String(port), NODE_ENV: "production" } as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, nextStartArgs(port, fullEnv), {
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await waitForReady(baseUrl, child, () => output);
  return {
    baseUrl,
    pid: child.pid!,
    env: fullEnv,
    logs: () => output,
    killGroup: async (signal) => {
      if (!options.detached) throw new Error("killGroup needs a server started with detached: true");
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
      await exited;
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }
      return exited;
    },
  };
}

/** Runs one of the package scripts (apikey, db:seed) against the server's database. */
export function runPackageScript(script: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], { env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
