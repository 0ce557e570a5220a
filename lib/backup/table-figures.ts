import "server-only";
import type { TableFigures } from "@/lib/backup/manifest";

/** One query on whichever database holds the snapshot (a pg client, or PGlite on a copy). */
export type RunQuery = <Row>(sql: string) => Promise<Row[]>;

// Every session that reads figures prints values the same way, so the same rows give the same md5
// on PostgreSQL and on the embedded database whatever their settings.
export const STABLE_OUTPUT_SETTINGS =
  "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 1; SET bytea_output = 'hex'";

interface TableShape {
  table: string;
  columns: string[];
  key: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (the current schema's; the job queue and this bookkeeping live in schemas of their own). */
export async function listTableShapes(query: RunQuery): Promise<TableShape[]> {
  const rows = await query<{ table: string; columns: string[]; key: string[] | null }>(
    `SELECT c.relname AS table,
            array(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum) AS columns,
            array(SELECT a.attname::text FROM pg_index i JOIN unnest(i.indkey) WITH ORDINALITY k(attnum, n) ON true
                  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
                  WHERE i.indrelid = c.oid AND i.indisprimary ORDER BY k.n) AS key
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
     ORDER BY c.relname`,
  );
  return rows.map((row) => ({ table: row.table, columns: row.columns, key: row.key && row.key.length > 0 ? row.key : row.columns }));
}

/**
 * Per table, its row count and the md5 of its rows in key order (generated columns left out: the
 * target computes them itself). What a restore must reproduce, and what a test compares.
 */
export async function readTableFigures(query: RunQuery): Promise<TableFigures> {
  const figures: TableFigures = [];
  for (const shape of await listTableShapes(query)) {
    const row = `ROW(${shape.columns.map(quote).join(", ")})::text`;
    const [result] = await query<{ rows: string | number; md5: string }>(
      `SELECT count(*) AS rows, md5(coalesce(string_agg(md5(${row}), '' ORDER BY ${shape.key.map(quote).join(", ")}), '')) AS md5 FROM ${quote(shape.table)}`,
    );
    figures.push({ table: shape.table, rows: Number(result!.rows), md5: result!.md5 });
  }
  return figures;
}
