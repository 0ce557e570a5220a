// One measured child process: wall time, and the peak RSS of its whole process tree (the backup
// runs pg_dump as a child) sampled from /proc while it runs; each line it prints to stderr is
// echoed with the seconds since its start, so a run's log shows where its time went.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { processTreeRssMiB } from "../load/measure";

export interface TimedRun {
  seconds: number;
  peakRssMiB: number;
  stdout: string;
  /** stderr lines, each with the seconds since the start at which it arrived. */
  phases: { at: number; line: string }[];
}

const SAMPLE_MS = 100;

export interface TimedCommand {
  label: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Where stdout goes: kept (default) or a file descriptor such as /dev/null's. */
  stdoutFd?: number;
}

export function timedRun({ label, command, args, env = process.env, stdoutFd }: TimedCommand, log: (line: string) => void): Promise<TimedRun> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const child = spawn(command, args, { env, stdio: ["ignore", stdoutFd ?? "pipe", "pipe"] });
  let peak = 0;
  const sample = () => (peak = Math.max(peak, child.pid ? processTreeRssMiB(child.pid) : 0));
  const sampler = setInterval(sample, SAMPLE_MS);
  let stdout = "";
  let pending = "";
  const phases: TimedRun["phases"] = [];
  child.stdout?.on("data", (data: Buffer) => (stdout += data.toString()));
  child.stderr?.on("data", (data: Buffer) => {
    const lines = (pending + data.toString()).split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      phases.push({ at: Number(elapsed().toFixed(1)), line });
      log(`  ${label} +${elapsed().toFixed(1)} s: ${line}`);
    }
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      clearInterval(sampler);
      const seconds = elapsed();
      if (code !== 0) reject(new Error(`${label} failed (exit ${code}):\n${stdout}\n${phases.map((phase) => phase.line).join("\n")}${pending}`));
      else resolve({ seconds, peakRssMiB: Math.round(peak), stdout, phases });
    });
  });
}
