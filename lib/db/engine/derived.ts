import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

// prisma/derived/: every trigger and function that keeps derived data, re-applied after the
// migrations on every migrate (as Lemmy re-applies crates/db_schema/replaceable_schema). The
// folder owns every trigger on the tables of the current schema and every function in it, except
// the ones below and those of extensions: re-applying drops them all and runs the folder again.

/**
 * Functions the migrations keep, because the schema itself depends on them: the generated column
 * posts.search_vector (agora_search_text, which calls agora_delta_text and agora_search_clean) and
 * the expression index posts_search_bigrams_idx (agora_search_bigrams). Dropping one would take the
 * column or the index with it, and changing one must recompute what was stored: that is a migration.
 */
export const SCHEMA_BOUND_FUNCTIONS = ["agora_search_clean", "agora_delta_text", "agora_search_text", "agora_search_bigrams"];

export interface DerivedFile {
  name: string;
  sql: string;
}

/** Which folder was last applied: its hash, so a start with nothing new leaves the triggers alone. */
export const DERIVED_BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_agora_derived" (
  "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
  "hash" VARCHAR(64) NOT NULL,
  "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

/** One hash of the folder: its file names and contents, in the order they are applied. */
export function hashDerivedFiles(files: readonly DerivedFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file.name}\0${file.sql}\0`);
  return hash.digest("hex");
}

// Read at run time from the working directory, as the migrations are; applied in name order.
export function listDerivedFiles(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "derived")): DerivedFile[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name), "utf8") }));
}

// Statements that drop what the folder owns in current_schema(): triggers first (they hold the
// functions), then the functions. No CASCADE: should a column, an index or a view ever come to
// depend on a folder function, the migrate fails instead of dropping it.
const DROP_STATEMENTS = `
  SELECT 1 AS step, format('DROP TRIGGER %I ON %I.%I', t.tgname, n.nspname, c.relname) AS statement
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE NOT t.tgisinternal AND n.nspname = current_schema()
  UNION ALL
  SELECT 2, format('DROP ROUTINE %s', p.oid::regprocedure)
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = current_schema() AND p.prokind IN ('f', 'p') AND NOT p.proname = ANY($1::text[])
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  ORDER BY step, statement`;

/**
 * Drops what prisma/derived/ owns and creates it again from the folder, on `client`, inside the
 * caller's transaction (lib/db/engine/migrate.ts holds the migrations' advisory lock around it). Running
 * it twice leaves the same triggers and functions; so does running it over the migrations' own.
 */
export async function reapplyDerived(client: pg.ClientBase, files = listDerivedFiles()): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(DROP_STATEMENTS, [SCHEMA_BOUND_FUNCTIONS]);
  if (rows.length > 0) await client.query(rows.map((row) => row.statement).join(";\n"));
  for (const file of files) {
    try {
      await client.query(file.sql);
    } catch (error) {
      throw new Error(`prisma/derived/${file.name}: ${(error as Error).message}`, { cause: error });
    }
  }
}
