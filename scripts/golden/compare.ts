// npx tsx scripts/golden/compare.ts before.json after.json [--markup-only] [--only <text>] [--lines 40]
//
// Prints, per request, what differs between two captures (status, headers, body, a page's RSC
// payload) as unified diffs, and exits 1 when anything differs.
import fs from "node:fs";
import { structuredPatch } from "diff";
import type { CapturedRow } from "./recorder";

interface Options {
  files: [string, string];
  markupOnly: boolean;
  only: string | null;
  lines: number;
}

function readOptions(argv: string[]): Options {
  const files: string[] = [];
  const options = { markupOnly: false, only: null as string | null, lines: 40 };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--markup-only") options.markupOnly = true;
    else if (arg === "--only") options.only = argv[++index] ?? "";
    else if (arg === "--lines") options.lines = Number(argv[++index]);
    else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 2 || !(options.lines > 0)) throw new Error("usage: compare.ts a.json b.json [--markup-only] [--only <text>] [--lines N]");
  return { files: [files[0]!, files[1]!], ...options };
}

function readCapture(file: string): CapturedRow[] {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { format?: string; requests?: CapturedRow[] };
  if (parsed.format !== "agora-golden/1" || !Array.isArray(parsed.requests)) throw new Error(`${file} is not a golden capture`);
  return parsed.requests;
}

/** Text split into lines a diff can align: JSON pretty-printed, markup one tag a line, the RSC payload by row. */
function toLines(text: string, kind: CapturedRow["kind"] | "flight"): string {
  if (kind === "json") {
    try {
      return `${JSON.stringify(JSON.parse(text), null, 1)}\n`;
    } catch {
      return text;
    }
  }
  if (kind === "html") return text.replace(/>/g, ">\n");
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** A long line cut to a window around where it first differs from its counterpart. */
function clip(line: string, counterpart: string | undefined): string {
  if (line.length <= 300) return line;
  let at = 1;
  while (counterpart !== undefined && at < line.length && line[at] === counterpart[at]) at++;
  const start = counterpart === undefined ? 1 : Math.max(1, at - 120);
  return `${line[0]}${start > 1 ? "…" : ""}${line.slice(start, start + 300)}${start + 300 < line.length ? "…" : ""}`;
}

function unifiedDiff(label: string, a: string, b: string, kind: CapturedRow["kind"] | "flight", limit: number): string[] {
  const patch = structuredPatch("a", "b", toLines(a, kind), toLines(b, kind), undefined, undefined, { context: 2 });
  const lines = patch.hunks.flatMap((hunk) => {
    const removed = hunk.lines.filter((line) => line.startsWith("-"));
    const added = hunk.lines.filter((line) => line.startsWith("+"));
    const rendered = hunk.lines.map((line) => {
      if (line.startsWith("-")) return clip(line, added[removed.indexOf(line)]);
      if (line.startsWith("+")) return clip(line, removed[added.indexOf(line)]);
      return clip(line, undefined);
    });
    return [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...rendered];
  });
  // Pretty-printing hides differences of bytes only (key order is kept; spacing, escapes are not).
  if (lines.length === 0) return [`  ${label}: same content, different bytes (spacing or escaping)`];
  const shown = lines.slice(0, limit).map((line) => `    ${line}`);
  if (lines.length > limit) shown.push(`    … ${lines.length - limit} more diff lines`);
  return [`  ${label}:`, ...shown];
}

function compareRows(a: CapturedRow, b: CapturedRow, options: Options): string[] {
  const out: string[] = [];
  const requestA = JSON.stringify(a.request);
  const requestB = JSON.stringify(b.request);
  if (requestA !== requestB) out.push(`  request differs (the sequence diverged):\n    a: ${requestA}\n    b: ${requestB}`);
  if (a.status !== b.status) out.push(`  status: ${a.status} → ${b.status}`);
  const names = [...new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])].sort();
  for (const name of names) {
    const [valueA, valueB] = [a.headers[name], b.headers[name]];
    if (valueA !== valueB)
      out.push(
        `  header ${name}: ${valueA === undefined ? "(absent)" : JSON.stringify(valueA)} → ${valueB === undefined ? "(absent)" : JSON.stringify(valueB)}`,
      );
  }
  if (a.kind !== b.kind) out.push(`  kind: ${a.kind} → ${b.kind}`);
  if (a.body !== b.body) out.push(...unifiedDiff("body", a.body, b.body, a.kind === b.kind ? a.kind : "text", options.lines));
  if (!options.markupOnly && (a.flight ?? "") !== (b.flight ?? ""))
    out.push(...unifiedDiff("RSC payload", a.flight ?? "", b.flight ?? "", "flight", options.lines));
  return out;
}

function main(): void {
  const options = readOptions(process.argv.slice(2));
  const [rowsA, rowsB] = options.files.map(readCapture) as [CapturedRow[], CapturedRow[]];
  const byNameB = new Map(rowsB.map((row) => [row.name, row]));
  const namesA = new Set(rowsA.map((row) => row.name));
  let compared = 0;
  let differing = 0;
  const report = (name: string, lines: string[]) => {
    differing++;
    console.log(`✗ ${name}`);
    for (const line of lines) console.log(line);
  };
  for (const row of rowsA) {
    if (options.only && !row.name.includes(options.only)) continue;
    const other = byNameB.get(row.name);
    if (!other) {
      report(row.name, ["  only in a"]);
      continue;
    }
    compared++;
    const lines = compareRows(row, other, options);
    if (lines.length > 0) report(row.name, lines);
  }
  for (const row of rowsB) {
    if (!namesA.has(row.name) && (!options.only || row.name.includes(options.only))) report(row.name, ["  only in b"]);
  }
  const orderA = rowsA.map((row) => row.name).filter((name) => byNameB.has(name));
  const orderB = rowsB.map((row) => row.name).filter((name) => namesA.has(name));
  if (!options.only && orderA.join("\n") !== orderB.join("\n")) report("(order)", ["  the requests were sent in a different order"]);
  console.log(`${compared} requests compared, ${differing} differ${options.markupOnly ? " (RSC payloads not compared)" : ""}`);
  process.exit(differing === 0 ? 0 : 1);
}

main();
