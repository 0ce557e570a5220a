import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import { DUMP_OPTIONS } from "@/lib/backup/snapshot";

// PGlite's pg_dump (@electric-sql/pglite-tools) writes its whole output into memory and hands it
// back as one string, so a big table is dumped a slice at a time: on the private copy only, a
// role without superuser rights sees each big table through a row-security policy that shows a
// range of its pages (ctid), and pg_dump runs as that role with row security on, once per range.
// Small tables go in one first run. Memory then follows the slice, not the forum.

const SLICE_PAGES = 4096;
// PGlite's pg_dump writes INSERTs whatever it is asked (it adds --inserts itself): with column
// names and 1,000 rows to a statement they stay compact and load several times faster than one by one.
const INSERT_OPTIONS = ["--column-inserts", "--rows-per-insert=1000"];
const SLICER = "agora_backup_slicer";

interface BigTable {
  table: string;
  pages: number;
}

async function findBigTables(db: PGlite, schema: string): Promise<BigTable[]> {
  const { rows } = await db.query<{ table: string; pages: number }>(
    `SELECT c.relname AS table, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' AND pg_relation_size(c.oid) / current_setting('block_size')::int > $2
     ORDER BY c.relname`,
    [schema, SLICE_PAGES],
  );
  return rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function prepareSlices(db: PGlite, schema: string, tables: BigTable[]): Promise<void> {
  const schemaName = quote(schema);
  await db.exec(`CREATE ROLE ${SLICER} NOSUPERUSER;
    GRANT USAGE ON SCHEMA ${schemaName} TO ${SLICER};
    GRANT SELECT ON ALL TABLES IN SCHEMA ${schemaName} TO ${SLICER};
    GRANT SELECT ON ALL SEQUENCES IN SCHEMA ${schemaName} TO ${SLICER};`);
  for (const { table } of tables) {
    const name = `${schemaName}.${quote(table)}`;
    await db.exec(`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY agora_backup_slice ON ${name} TO ${SLICER}
        USING (ctid >= format('(%s,0)', current_setting('agora.slice_from'))::tid AND ctid < format('(%s,0)', current_setting('agora.slice_to'))::tid);`);
  }
}

async function runDump(db: PGlite, args: string[], write: (chunk: Buffer) => Promise<void>): Promise<void> {
  const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
  const file = await pgDump({ pg: db, args: [...DUMP_OPTIONS, ...INSERT_OPTIONS, ...args] });
  await write(Buffer.from(await file.arrayBuffer()));
}

/** The copy's data-only dump, written out slice by slice. */
export async function dumpInSlices(db: PGlite, write: (chunk: Buffer) => Promise<void>): Promise<void> {
  const { rows } = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const schema = rows[0]!.schema;
  const big = await findBigTables(db, schema);
  await runDump(db, [`--schema=${schema}`, ...big.map(({ table }) => `--exclude-table-data=${schema}.${table}`)], write);
  if (big.length === 0) return;
  await prepareSlices(db, schema, big);
  for (const { table, pages } of big) {
    for (let from = 0; from <= pages; from += SLICE_PAGES) {
      await db.exec(`SET agora.slice_from = '${from}'; SET agora.slice_to = '${from + SLICE_PAGES}'`);
      await runDump(db, [`--table=${schema}.${table}`, `--role=${SLICER}`, "--enable-row-security"], write);
    }
  }
}
