// The benchmark's output: one Markdown table per database and scale (pasted as is into a
// dated bench/results/<date>.md), a large ÷ small comparison, and the JSON record in bench/results/.
import fs from "node:fs";
import path from "node:path";
import type { LoadSettings, ScenarioResult } from "./load";
import type { ScaleName } from "../data/scales";
import type { Targets } from "./targets";
import type { WriteCheck } from "./write-check";

export interface RunRecord {
  database: string;
  databaseKind: string;
  scale: ScaleName;
  startedAt: string;
  settings: LoadSettings;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    postgres?: string;
    commit: string;
    /** CPU in use by other work just before the run, while the bench was idle (skews every number). */
    otherCpuBusyPercent: number;
  };
  generateSeconds: number;
  targets: Targets;
  scenarios: ScenarioResult[];
  serverRssMiB: number;
  /** RSS after a second, shorter pass over the reads: memory that keeps growing shows here. */
  serverRssSecondPassMiB?: number;
  /** Per create post row (scenario key): the rows written against the answers, and the counters. */
  writeChecks: Record<string, WriteCheck>;
}

const RESULTS_DIR = path.resolve("bench", "results");
const int = (value: number) => Math.round(value).toLocaleString("en-US");
const rate = (value: number) => (value < 10 ? value.toFixed(1) : int(value));

export function floorOf(record: RunRecord): number {
  return record.scenarios.find((scenario) => scenario.key === "floor")?.reqPerSec ?? Number.NaN;
}

export function formatTable(record: RunRecord): string {
  const floor = floorOf(record);
  const { connections, warmupSeconds, durationSeconds } = record.settings;
  const lines = [
    `### ${record.database}, ${record.scale}: ${int(record.targets.posts)} posts (generated in ${record.generateSeconds.toFixed(0)} s)`,
    "",
    `${connections} connections, ${warmupSeconds} s warm-up then ${durationSeconds} s measured per request; ` +
      `${record.machine.cpus} × ${record.machine.cpuModel}, ${record.machine.otherCpuBusyPercent}% CPU busy with other work before the run.`,
    "",
    "| request | req/s | p50 ms | p99 ms | non-2xx | % of floor | KB |",
    "|---|--:|--:|--:|--:|--:|--:|",
  ];
  for (const scenario of record.scenarios) {
    const errors = scenario.non2xx + scenario.errors;
    const status = scenario.probeStatus >= 300 ? ` (probe ${scenario.probeStatus})` : "";
    lines.push(
      `| ${scenario.name}${status} | ${rate(scenario.reqPerSec)} | ${int(scenario.p50Ms)} | ${int(scenario.p99Ms)} | ${int(errors)} | ${int((100 * scenario.reqPerSec) / floor)}% | ${(scenario.bytes / 1024).toFixed(1)} |`,
    );
  }
  lines.push(
    "",
    `Server RSS after the run: ${int(record.serverRssMiB)} MiB` +
      (record.serverRssSecondPassMiB === undefined ? "." : `; after a second pass over the reads: ${int(record.serverRssSecondPassMiB)} MiB.`),
  );
  for (const [key, write] of Object.entries(record.writeChecks)) {
    const name = record.scenarios.find((scenario) => scenario.key === key)?.name ?? key;
    lines.push(
      "",
      `${name[0]!.toUpperCase()}${name.slice(1)}: ${int(write.succeeded)} answered 2xx, ${int(write.postsAdded)} rows added (the rest were in flight when autocannon stopped); ` +
        `threads' posts_count ${int(write.threadPostsCount)} ${write.threadPostsCount === write.threadRows ? "=" : "≠"} ${int(write.threadRows)} rows; ` +
        (write.mismatches.length === 0 ? "other counters exact" : `WRONG: ${write.mismatches.join(", ")}`) +
        (write.ok ? "." : " — INCONSISTENT."),
    );
  }
  return lines.join("\n");
}

/** Large ÷ small for each request on the same database (the issue asks for ≤ 1.5× on p50). */
export function formatComparison(small: RunRecord, large: RunRecord): string {
  const lines = [`### ${large.database}: large ÷ small`, "", "| request | p50 large ÷ small | req/s large ÷ small |", "|---|--:|--:|"];
  for (const scenario of large.scenarios) {
    const before = small.scenarios.find((candidate) => candidate.key === scenario.key);
    if (!before) continue;
    lines.push(
      `| ${scenario.name.replace(/ \(.*?\)/g, "")} | ${(scenario.p50Ms / Math.max(before.p50Ms, 1)).toFixed(2)}× | ${(scenario.reqPerSec / before.reqPerSec).toFixed(2)}× |`,
    );
  }
  return lines.join("\n");
}

/**
 * bench/results/<timestamp>-<scale>-<database>.json (git-ignored: one per run) and, for a run of
 * every row, latest-<scale>-<database>.json (tracked: the record behind bench/results/<date>.md;
 * a run of some rows, `--only`, leaves it alone).
 */
export function writeRecord(record: RunRecord, everyRow: boolean): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = record.startedAt.replace(/[:.]/g, "-");
  const file = path.join(RESULTS_DIR, `${stamp}-${record.scale}-${record.databaseKind}.json`);
  const json = `${JSON.stringify(record, null, 2)}\n`;
  fs.writeFileSync(file, json);
  if (everyRow) fs.writeFileSync(path.join(RESULTS_DIR, `latest-${record.scale}-${record.databaseKind}.json`), json);
  return path.relative(process.cwd(), file);
}
