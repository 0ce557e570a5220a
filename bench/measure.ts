import fs from "node:fs";

// Small, bounded measurement helpers: every loop has a fixed count and talks to loopback only.

export interface Sample {
  median: number;
  p95: number;
  count: number;
}

export function summarize(durations: number[]): Sample {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), count: sorted.length };
}

/** Runs `request` `count` times one after another and returns the per-request times in ms. */
export async function timeSequential(count: number, request: (i: number) => Promise<Response>): Promise<Sample> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await request(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`request ${i} answered ${response.status}`);
    durations.push(performance.now() - started);
  }
  return summarize(durations);
}

/** Wall time of `count` requests sent at once. */
export async function timeParallel(count: number, request: (i: number) => Promise<Response>): Promise<number> {
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
  for (const response of responses) {
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`parallel request answered ${response.status}`);
  }
  return performance.now() - started;
}

export function readRssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
