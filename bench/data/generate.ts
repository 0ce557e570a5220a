// Fills an empty Agora database with a generated forum in bulk SQL (no per-row round trips, no
// API calls), at the benchmark's scales:
//
//   npx tsx --conditions=react-server bench/data/generate.ts --scale small|large [--database-url <url>] [--verify]
//
// Without --database-url: DATABASE_URL, else the embedded database in AGORA_DATA_DIR (.data).
// Pending migrations are applied first. Everything runs in one transaction, so a failure
// leaves the database as empty as it was.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startEmbeddedDatabase } from "@/lib/db/embedded/database";
import { applyMigrations } from "@/lib/db/engine/migrate";
import { runScript } from "../../scripts/run-script";
import { FILLED_TABLES } from "./filled-tables";
import { generationSteps, type SchemaFeatures } from "./generate-sql";
import { parseScale, type Scale } from "./scales";
import { verifyConsistency } from "./verify";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const log = (line: string) => console.log(`[generate] ${line}`);

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: string }>(
    "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM groups) + (SELECT count(*) FROM threads) + (SELECT count(*) FROM posts) AS n",
  );
  if (Number(rows[0]!.n) > 0) throw new Error("the database is not empty: the generator fills a freshly migrated database only");
}

async function detectSchema(client: pg.Client): Promise<SchemaFeatures> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND (table_name = 'thread_participants'
       OR (table_name = 'threads' AND column_name = 'participants_count') OR (table_name = 'posts' AND column_name = 'content_html') OR (table_name = 'threads' AND column_name = 'search_vector') OR table_name = 'post_search_texts' OR table_name = 'thread_activity' OR table_name = 'thread_rankings')`,
  );
  return {
    threadParticipants: rows.some((row) => row.table_name === "thread_participants"),
    participantsCount: rows.some((row) => row.column_name === "participants_count"),
    postContentHtml: rows.some((row) => row.column_name === "content_html"),
    threadSearchVector: rows.some((row) => row.table_name === "threads" && row.column_name === "search_vector"),
    postSearchTexts: rows.some((row) => row.table_name === "post_search_texts"),
    feeds: rows.some((row) => row.table_name === "thread_activity"),
    rankings: rows.some((row) => row.table_name === "thread_rankings"),
  };
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Secondary indexes of the filled tables (not those behind a primary key or constraint). Built
 * once over the loaded rows they cost a fraction of maintaining them row by row.
 */
async function secondaryIndexes(client: pg.Client): Promise<IndexDefinition[]> {
  const { rows } = await client.query<IndexDefinition>(
    `SELECT format('%I.%I', n.nspname, ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_class ic ON ic.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relname = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [[...FILLED_TABLES]],
  );
  return rows;
}

async function resetSequences(client: pg.Client, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await client.query<{ seq: string | null }>(
      `SELECT pg_get_serial_sequence($1, 'id') AS seq FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'id'`,
      [table],
    );
    const sequence = rows[0]?.seq;
    if (!sequence) continue;
    await client.query(`SELECT setval($1, coalesce(max(id), 1), max(id) IS NOT NULL) FROM ${client.escapeIdentifier(table)}`, [sequence]);
  }
}

/** The live-event triggers (prisma/migrations/20261127030000_live_thread_events) of this schema, switched on or off. */
async function switchLiveTriggers(client: pg.Client, mode: "ENABLE" | "DISABLE"): Promise<void> {
  const { rows } = await client.query<{ table: string; name: string }>(
    `SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE t.tgname IN ('posts_live_post', 'posts_live_change', 'post_likes_live_like') AND c.relnamespace = current_schema()::regnamespace`,
  );
  for (const row of rows) await client.query(`ALTER TABLE "${row.table}" ${mode} TRIGGER "${row.name}"`);
}

async function existingTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY($1)",
    [[...FILLED_TABLES]],
  );
  const present = new Set(rows.map((row) => row.table_name));
  return FILLED_TABLES.filter((table) => present.has(table));
}

async function generate(url: string, scale: Scale): Promise<void> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await assertEmpty(client);
    const schema = await detectSchema(client);
    const tables = await existingTables(client);
    // Session settings for one big load: sorts and hashes of 1M rows in memory, temporary
    // tables in memory, no wait for the WAL flush at commit.
    await client.query("SET temp_buffers = '512MB'");
    await client.query("BEGIN");
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query("SET LOCAL synchronous_commit = off");
    // The rows are consistent by construction, so foreign-key triggers (a lookup per row) are
    // skipped where allowed (superuser); elsewhere they run and the load is only slower.
    let liveTriggersOff = false;
    await client.query("SAVEPOINT replica");
    try {
      await client.query("SET LOCAL session_replication_role = replica");
    } catch {
      await client.query("ROLLBACK TO SAVEPOINT replica");
      log("not a superuser: foreign keys are checked row by row (slower)");
      // Replica mode also silences the live-event triggers; without it they are switched off for
      // this transaction, or the load would append a million events nobody listens to.
      await switchLiveTriggers(client, "DISABLE");
      liveTriggersOff = true;
    }
    const indexes = await secondaryIndexes(client);
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

    for (const step of generationSteps(scale, new Date(), schema)) {
      const stepStarted = performance.now();
      const result = await client.query(step.sql);
      const rows = result.rowCount === null ? "" : `${result.rowCount.toLocaleString("en-US")} rows `;
      log(`${step.label.padEnd(24)} ${rows.padStart(16)} ${seconds(stepStarted).padStart(6)} s`);
    }
    const indexStarted = performance.now();
    for (const index of indexes) await client.query(index.definition);
    log(`${"indexes rebuilt".padEnd(24)} ${`${indexes.length} indexes `.padStart(16)} ${seconds(indexStarted).padStart(6)} s`);
    await resetSequences(client, tables);
    if (liveTriggersOff) await switchLiveTriggers(client, "ENABLE");
    await client.query("COMMIT");

    // ANALYZE for the planner; VACUUM so the bulk-loaded pages are all-visible (index-only
    // scans, no hint-bit writes on first read) and autovacuum has nothing to do mid-benchmark.
    const analyzeStarted = performance.now();
    await client.query("VACUUM (ANALYZE)");
    log(`${"VACUUM ANALYZE".padEnd(24)} ${"".padStart(16)} ${seconds(analyzeStarted).padStart(6)} s`);
    log(`generated ${scale.name} in ${seconds(started)} s`);
    const counts: string[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`);
      counts.push(`${table} ${Number(rows[0]!.n).toLocaleString("en-US")}`);
    }
    log(`rows: ${counts.join(", ")}`);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

runScript(async () => {
  const scale = parseScale(argValue("--scale"));
  const url = argValue("--database-url") || process.env.DATABASE_URL || (await startEmbeddedDatabase(process.env.AGORA_DATA_DIR || ".data"));
  const { applied } = await applyMigrations(url);
  if (applied.length > 0) log(`migrations applied: ${applied.join(", ")}`);
  await generate(url, scale);
  if (process.argv.includes("--verify")) await verifyConsistency(url, log);
});
