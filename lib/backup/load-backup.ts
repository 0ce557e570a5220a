import "server-only";
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import pg from "pg";
import { readAll, type ArchiveEntry } from "@/lib/backup/archive-reader";
import { ENTRY, TableFiguresSchema, type TableFigures } from "@/lib/backup/manifest";
import type { Progress } from "@/lib/backup/progress";
import { SNAPSHOT_QUERIES } from "@/lib/backup/snapshot";
import { DumpLoader } from "@/lib/backup/dump-loader";
import { dropSecondaryIndexes, rebuildIndexes } from "@/lib/backup/secondary-indexes";
import { queueSession } from "@/lib/backup/session-queue";
import { SqlStatementSplitter } from "@/lib/backup/sql-statements";
import { STABLE_OUTPUT_SETTINGS, listTableShapes, readTableFigures } from "@/lib/backup/table-figures";
import type { UploadStorage } from "@/lib/uploads/storage";

// Loads a backup's rows and uploads in one transaction: the tables are emptied (the migrations may
// have put rows in them), the dump's statements run with triggers off (session_replication_role =
// replica: the rows already hold what the triggers would derive, and foreign keys are checked at
// the source), every table is checked against the figures taken with the snapshot, and the uploads
// are stored; only then does it commit. Any failure rolls the rows back and removes what it stored.

export interface LoadResult {
  rows: number;
  uploads: number;
}

async function runSql(loader: DumpLoader, body: Readable, splitter: SqlStatementSplitter, decoder: StringDecoder): Promise<void> {
  for await (const chunk of body) for (const piece of splitter.push(decoder.write(chunk as Buffer))) await loader.take(piece);
}

function compareFigures(expected: TableFigures, actual: TableFigures): void {
  const found = new Map(actual.map((table) => [table.table, table]));
  for (const table of expected) {
    const restored = found.get(table.table);
    if (!restored) throw new Error(`after loading, table ${table.table} is missing`);
    if (restored.rows !== table.rows || restored.md5 !== table.md5) {
      throw new Error(`after loading, table ${table.table} differs from the backup (${restored.rows} rows, ${table.rows} in the backup)`);
    }
    found.delete(table.table);
  }
  if (found.size > 0) throw new Error(`after loading, tables the backup does not have: ${[...found.keys()].join(", ")}`);
}

const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/** The three biggest of a phase's parts: ` (posts 95 s, threads 4 s, ...)`; nothing when it has none timed. */
function slowest(seconds: Map<string, number>): string {
  const top = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.length === 0 ? "" : ` (${top.map(([name, value]) => `${name.replace(/^[^.]+\./, "")} ${value.toFixed(0)} s`).join(", ")})`;
}

function checkUploadBytes(key: string, bytes: Buffer): void {
  if (createHash("sha256").update(bytes).digest("hex") !== key.split(".")[0])
    throw new Error(`upload ${key} in the backup is damaged (its bytes do not match its name)`);
}

/** `copyOverWire`: the target takes COPY FROM STDIN (PostgreSQL does; the embedded database does not). */
export async function loadBackup(
  url: string,
  entries: AsyncIterable<ArchiveEntry>,
  storage: UploadStorage,
  progress: Progress,
  copyOverWire: boolean,
): Promise<LoadResult> {
  const client = new pg.Client({ connectionString: url, application_name: "agora-restore" });
  await client.connect();
  const session = queueSession(client);
  const query = session.query;
  const stored: string[] = [];
  try {
    await query("BEGIN");
    await query("SET LOCAL session_replication_role = replica; SET LOCAL standard_conforming_strings = on");
    const shapes = await listTableShapes(query);
    await query(`TRUNCATE ${shapes.map((shape) => `"${shape.table}"`).join(", ")}`);
    const indexes = await dropSecondaryIndexes(session);
    const splitter = new SqlStatementSplitter();
    const loader = new DumpLoader(session, copyOverWire);
    const decoder = new StringDecoder("utf8");
    let figures: TableFigures | undefined;
    let mimeTypes = new Map<string, string>();
    const loadStarted = performance.now();
    for await (const entry of entries) {
      if (entry.name.startsWith(ENTRY.sqlPrefix) && !figures) {
        await runSql(loader, entry.body, splitter, decoder);
        progress.report(`database: ${entry.name}`);
      } else if (entry.name === ENTRY.tables && !figures) {
        for (const piece of splitter.push(decoder.end())) await loader.take(piece);
        splitter.end();
        await loader.finish();
        progress.report(`database: rows loaded in ${since(loadStarted)}${slowest(loader.copySeconds)}; building ${indexes.length} indexes`, true);
        const indexesStarted = performance.now();
        const indexSeconds = await rebuildIndexes(session, indexes);
        progress.report(`database: indexes built in ${since(indexesStarted)}${slowest(indexSeconds)}; checking every table against the backup`, true);
        const checkStarted = performance.now();
        figures = TableFiguresSchema.parse(JSON.parse((await readAll(entry.body)).toString("utf8")));
        await query(STABLE_OUTPUT_SETTINGS);
        compareFigures(figures, await readTableFigures(query));
        progress.report(`database: every table checked in ${since(checkStarted)}`, true);
        const named = await query<{ key: string; mime_type: string }>(
          "SELECT DISTINCT ON (sha256, ext) sha256 || '.' || ext AS key, mime_type FROM attachments WHERE sha256 IS NOT NULL ORDER BY sha256, ext",
        );
        mimeTypes = new Map(named.map((row) => [row.key, row.mime_type]));
      } else if (entry.name.startsWith(ENTRY.uploadPrefix) && figures) {
        const key = entry.name.slice(ENTRY.uploadPrefix.length);
        const bytes = await readAll(entry.body);
        checkUploadBytes(key, bytes);
        await storage.put(key, bytes, mimeTypes.get(key) || "application/octet-stream");
        stored.push(key);
        progress.report(`uploads: ${stored.length} of ${mimeTypes.size}`);
      } else {
        throw new Error(`unexpected entry ${entry.name} in the backup file`);
      }
    }
    if (!figures) throw new Error("the backup file is incomplete (it ends before its table figures)");
    const named = (await query<{ key: string }>(SNAPSHOT_QUERIES.uploadKeys)).map((row) => row.key);
    const storedSet = new Set(stored);
    const missing = named.filter((key) => !storedSet.has(key));
    // The backup says which it left out (missing from its store already); they stay missing here.
    if (missing.length > 0) progress.report(`warning: ${missing.length} uploads the rows name are not in the backup (${missing[0]}, ...)`, true);
    await query("COMMIT");
    return { rows: figures.reduce((sum, table) => sum + table.rows, 0), uploads: stored.length };
  } catch (error) {
    await query("ROLLBACK").catch(() => undefined);
    for (const key of stored) await storage.remove(key).catch(() => undefined);
    throw error;
  } finally {
    session.stop();
    await client.end().catch(() => undefined);
  }
}
