import "server-only";
import { performance } from "node:perf_hooks";
import type { SessionQueue } from "@/lib/backup/session-queue";

// A restore loads every row at once: the indexes that back no constraint are dropped first and
// built once over the loaded rows, in the same transaction (a failure brings them back with the
// rest), which costs a fraction of maintaining them row by row.

interface IndexDefinition {
  name: string;
  definition: string;
}

export async function dropSecondaryIndexes(session: SessionQueue): Promise<IndexDefinition[]> {
  const indexes = await session.query<IndexDefinition>(
    `SELECT format('%I.%I', n.nspname, ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_class ic ON ic.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await session.query(`DROP INDEX ${index.name}`);
  return indexes;
}

/** Builds the indexes; answers the seconds each took, by name. */
export async function rebuildIndexes(session: SessionQueue, indexes: IndexDefinition[]): Promise<Map<string, number>> {
  await session.query("SET LOCAL maintenance_work_mem = '256MB'");
  const seconds = new Map<string, number>();
  for (const index of indexes) {
    const started = performance.now();
    await session.query(index.definition);
    seconds.set(index.name, (performance.now() - started) / 1000);
  }
  return seconds;
}
