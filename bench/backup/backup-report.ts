// The backup bench's output: one Markdown table (pasted as is into bench/README.md) and the JSON
// record in bench/results/ (a dated one per run, and latest-backup.json).
import fs from "node:fs";
import path from "node:path";
import type { ScaleName } from "../data/scales";

export interface StepRecord {
  name: string;
  seconds: number;
  peakRssMiB: number;
  /** The script's progress lines, with the second each arrived: where the time went. */
  phases: { at: number; line: string }[];
  fileBytes?: number;
  /** Uncompressed SQL in the file. */
  sqlBytes?: number;
  floor?: StepRecord;
}

export interface DatabaseRun {
  label: string;
  scale: ScaleName;
  posts: number;
  rows: number;
  generateSeconds?: number;
  steps: StepRecord[];
}

export interface BackupBenchRecord {
  startedAt: string;
  writeLoad: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    otherCpuBusyPercentBefore: number;
    loadAverageBefore: number;
    loadAverageAfter: number;
  };
  postgres: DatabaseRun;
  embedded?: DatabaseRun;
}

const int = (value: number) => Math.round(value).toLocaleString("en-US");
const megabytes = (bytes: number) => `${int(bytes / 1e6)} MB`;

function row(run: DatabaseRun, step: StepRecord): string {
  const size = step.fileBytes === undefined ? "" : `${megabytes(step.fileBytes)}${step.sqlBytes ? ` (${megabytes(step.sqlBytes)} of SQL)` : ""}`;
  const floor = step.floor ? `${step.floor.name}: ${step.floor.seconds.toFixed(1)} s, ${int(step.floor.peakRssMiB)} MiB` : "";
  const share = step.floor ? `${(step.seconds / step.floor.seconds).toFixed(1)}×` : "";
  return `| ${run.label}, ${run.scale} | ${step.name} | ${int(run.posts)} | ${int(run.rows)} | ${step.seconds.toFixed(1)} s | ${int(step.peakRssMiB)} MiB | ${size} | ${floor} | ${share} |`;
}

export function formatBackupTable(record: BackupBenchRecord): string {
  const { machine } = record;
  const lines = [
    "### Backup and restore",
    "",
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB; ${machine.otherCpuBusyPercentBefore}% CPU busy with other work before the run, ` +
      `load average ${machine.loadAverageBefore} before and ${machine.loadAverageAfter} after; write load during the backup: ${record.writeLoad}. ` +
      "Peak RSS: the process tree (pg_dump included), sampled every 100 ms.",
    "",
    "| database | step | posts | rows | wall time | peak RSS | file | floor (same run) | ÷ floor |",
    "|---|---|--:|--:|--:|--:|--:|---|--:|",
  ];
  for (const run of [record.postgres, record.embedded]) if (run) for (const step of run.steps) lines.push(row(run, step));
  return lines.join("\n");
}

export function writeBackupRecord(record: BackupBenchRecord): string {
  const dir = path.resolve("bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${record.startedAt.replace(/[:.]/g, "-")}-backup.json`);
  const json = `${JSON.stringify(record, null, 2)}\n`;
  fs.writeFileSync(file, json);
  fs.writeFileSync(path.join(dir, "latest-backup.json"), json);
  return path.relative(process.cwd(), file);
}
