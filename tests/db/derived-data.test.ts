import type pg from "pg";
import { describe, expect, it } from "vitest";
import { getPool, resolveDatabaseUrl } from "@/lib/db/engine/client";
import { listDerivedFiles, reapplyDerived, SCHEMA_BOUND_FUNCTIONS } from "@/lib/db/engine/derived";
import { applyMigrations, listMigrations } from "@/lib/db/engine/migrate";

// prisma/derived/ holds every trigger and function that keeps derived data, and migrate re-applies
// it after the migrations (lib/db/engine/derived.ts). Compared here: what a database holds after migrate,
// what the migrations alone create on an empty schema, and what the folder defines.

type Catalog = Map<string, string>;

// Every trigger (not internal) and function of `schema`, keyed by name, with its definition as the
// database prints it; the schema's name is taken out so two schemas compare.
async function readCatalog(client: pg.ClientBase, schema: string): Promise<Catalog> {
  const { rows } = await client.query<{ key: string; definition: string }>(
    `SELECT 'trigger ' || c.relname || '.' || t.tgname AS key, pg_get_triggerdef(t.oid) AS definition
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT t.tgisinternal AND n.nspname = $1
     UNION ALL
     SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')',
       CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) ELSE 'kind ' || p.prokind::text END
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY key`,
    [schema],
  );
  return new Map(rows.map((row) => [row.key, row.definition.replaceAll(`"${schema}".`, "").replaceAll(`${schema}.`, "")]));
}

// What the folder's SQL creates, by name: "trigger <table>.<name>" and "function <name>".
function listFolderObjects(): { triggers: string[]; functions: string[] } {
  const sql = listDerivedFiles()
    .map((file) => file.sql)
    .join("\n");
  const triggers = [...sql.matchAll(/^CREATE (?:CONSTRAINT )?TRIGGER "?(\w+)"?[\s\S]*?\bON "?(\w+)"?/gim)].map((match) => `trigger ${match[2]}.${match[1]}`);
  const functions = [...sql.matchAll(/^CREATE (?:OR REPLACE )?FUNCTION "?(\w+)"?\s*\(/gim)].map((match) => `function ${match[1]}`);
  return { triggers: triggers.sort(), functions: functions.sort() };
}

function triggerKeys(catalog: Catalog): string[] {
  return [...catalog.keys()].filter((key) => key.startsWith("trigger ")).sort();
}

function functionNames(catalog: Catalog): string[] {
  return [...catalog.keys()]
    .filter((key) => key.startsWith("function "))
    .map((key) => key.slice(0, key.indexOf("(")))
    .sort();
}

// The catalog of the folder applied after every migration on an empty schema (first test).
let fresh: Catalog | undefined;

describe("derived data (prisma/derived/)", () => {
  it("on an empty schema: the migrations, then the folder, keep every trigger and function and hold exactly the folder's", async () => {
    const client = await (await getPool()).connect();
    const schema = `derived_check_${Date.now().toString(36)}`;
    try {
      await client.query("BEGIN");
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(`SET LOCAL search_path TO "${schema}"`);
      // Every migration from scratch, as on a new database: their own triggers and functions first
      // (a backfill may call one), then the folder over them, twice.
      for (const migration of listMigrations()) await client.query(migration.sql);
      const migrated = await readCatalog(client, schema);
      await reapplyDerived(client);
      fresh = await readCatalog(client, schema);
      await reapplyDerived(client);
      expect(await readCatalog(client, schema)).toEqual(fresh);

      // Nothing a migration created is lost: a trigger or function made only by a migration would
      // be dropped by the re-apply and missing here.
      expect([...migrated.keys()].filter((key) => !fresh!.has(key))).toEqual([]);
      // Every trigger and function the database holds is one the folder creates, but the functions
      // the schema depends on (a generated column, an expression index), which migrations keep.
      const folder = listFolderObjects();
      expect(triggerKeys(fresh)).toEqual(folder.triggers);
      const bound = SCHEMA_BOUND_FUNCTIONS.map((name) => `function ${name}`);
      expect(functionNames(fresh).filter((name) => !bound.includes(name))).toEqual(folder.functions);
      for (const name of bound) {
        const key = [...fresh.keys()].find((candidate) => candidate.startsWith(`${name}(`));
        expect(key, `${name} is created by a migration`).toBeDefined();
        expect(fresh.get(key!), `${name} is the migration's`).toBe(migrated.get(key!));
        expect(folder.functions).not.toContain(name);
      }
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("the migrated database holds the same; a migrate with nothing new leaves the folder alone, a changed folder is re-applied, and either changes nothing", async () => {
    expect(fresh, "the first test ran").toBeDefined();
    const pool = await getPool();
    const { rows } = await pool.query<{ schema: string }>("SELECT current_schema() AS schema");
    const schema = rows[0]!.schema;
    const client = await pool.connect();
    try {
      const before = await readCatalog(client, schema);
      expect(before).toEqual(fresh);
      // The real path: migrations (none pending) and the folder, under the advisory lock. The server's
      // start recorded this folder's hash, so nothing is re-applied; a recorded hash of another
      // folder (a release that changed it) makes the next migrate re-apply it, once.
      const migrate = async () => applyMigrations(await resolveDatabaseUrl());
      expect(await migrate()).toMatchObject({ applied: [], derived: [] });
      await client.query(`UPDATE "_agora_derived" SET hash = 'an older folder' WHERE id = 1`);
      expect(await migrate()).toMatchObject({ applied: [], derived: listDerivedFiles().map((file) => file.name) });
      expect(await readCatalog(client, schema)).toEqual(before);
      expect(await migrate()).toMatchObject({ applied: [], derived: [] });
      expect(await readCatalog(client, schema)).toEqual(before);
    } finally {
      client.release();
    }
  });
});
