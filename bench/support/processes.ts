// Child processes of the benchmark: package scripts and bench/*.ts CLIs with their own
// environment (the database under test), output kept or streamed.
import { spawnSync } from "node:child_process";
import path from "node:path";

const TSX_CLI = path.resolve("node_modules/tsx/dist/cli.mjs");

/** Runs `bench/<script>.ts` (with the react-server condition, as the package scripts do). */
export function runTsx(script: string, args: string[], env: NodeJS.ProcessEnv, options: { stream?: boolean } = {}): string {
  const result = spawnSync(process.execPath, [TSX_CLI, "--conditions=react-server", script, ...args], {
    env,
    encoding: "utf8",
    stdio: options.stream ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  return result.stdout ?? "";
}

/** Runs a package script (npm run --silent <script> -- args) and returns its output. */
export function runNpmScript(script: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], { env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export const lastLine = (output: string) => output.trim().split("\n").pop()!.trim();
