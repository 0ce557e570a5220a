// Each app table's exact row count, read from a PostgreSQL URL or straight from an embedded data
// directory (no server serving it): what a restore must reproduce, checked outside the restore.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { listTableShapes, type RunQuery } from "@/lib/backup/table-figures";
import { embeddedFilesPath } from "@/lib/db/embedded/database";

export type RowCounts = Record<string, number>;

async function countWith(query: RunQuery): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const { table } of await listTableShapes(query)) {
    const [row] = await query<{ n: string | number }>(`SELECT count(*) AS n FROM "${table.replaceAll('"', '""')}"`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

export async function countPostgresRows(url: string): Promise<RowCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countWith(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

export async function countEmbeddedRows(dataDir: string): Promise<RowCounts> {
  const db = await PGlite.create(embeddedFilesPath(path.resolve(dataDir)));
  try {
    return await countWith(async (sql) => (await db.query(sql)).rows as never[]);
  } finally {
    await db.close();
  }
}

export const totalRows = (counts: RowCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The tables whose counts differ ("posts 10 ≠ 9"), or none. */
export function countDifferences(source: RowCounts, restored: RowCounts): string[] {
  const tables = new Set([...Object.keys(source), ...Object.keys(restored)]);
  return [...tables]
    .filter((table) => source[table] !== restored[table])
    .map((table) => `${table} ${source[table] ?? "absent"} ≠ ${restored[table] ?? "absent"}`);
}
