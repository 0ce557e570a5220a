import "server-only";
import PgBoss from "pg-boss";
import type { Tx } from "@/lib/db/engine/transaction";
import { Unavailable } from "@/lib/errors";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import type { JobName, JobPayloads } from "@/lib/jobs/queue/payloads";

export interface EnqueueOptions {
  /** Runs no sooner than this many seconds after the transaction commits (the database's clock). */
  startAfterSeconds?: number;
}

const globalForSender = globalThis as unknown as { agoraJobSender?: PgBoss };

const refuseOutsideTransaction: PgBoss.Db = {
  executeSql: () => Promise.reject(new Error("jobs are enqueued inside a transaction: enqueueInTransaction(tx, ...)")),
};

// pg-boss writes a job with one INSERT through whatever executor a send is handed. This instance is
// never started (no pool, no timers): it only builds that statement for the caller's transaction.
export function sender(): PgBoss {
  globalForSender.agoraJobSender ??= new PgBoss({ db: refuseOutsideTransaction, schema: JOB_SCHEMA });
  return globalForSender.agoraJobSender;
}

// Prisma binds plain values only: a payload object goes as its JSON text, which the statement casts to jsonb.
function toParameter(value: unknown): unknown {
  return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
}

export function transactionExecutor(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(toParameter)) }),
  };
}

// An operator who starts with AGORA_MIGRATE_ON_START=0 and skips npm run db:migrate has no queue:
// a write that needs its job is refused whole rather than done without it.
const NOT_INSTALLED = "Background jobs are not installed on this database: the operator runs npm run db:migrate";
// 3F000: no such schema; 42P01: no such table.
const MISSING_SCHEMA_CODES = new Set(["3F000", "42P01"]);

function postgresCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

async function queueExists(tx: Tx, name: string): Promise<boolean> {
  const rows = await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = $1`, name);
  return rows.length > 0;
}

/**
 * Writes a job in the caller's transaction: it exists exactly when the write that causes it commits,
 * and a rolled-back write leaves no job behind. Answers the job's id, or null when the queue's policy
 * kept an equal job instead; refuses (Unavailable) when the queue is not installed.
 */
export async function enqueueInTransaction<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string | null> {
  let id: string | null;
  try {
    id = await sender().send(name, data, { db: transactionExecutor(tx), startAfter: options.startAfterSeconds });
  } catch (error) {
    if (MISSING_SCHEMA_CODES.has(postgresCode(error) ?? "")) throw new Unavailable(NOT_INSTALLED);
    throw error;
  }
  // pg-boss inserts through a join with the queue's row: a queue never created inserts nothing.
  if (id === null && !(await queueExists(tx, name))) throw new Unavailable(NOT_INSTALLED);
  return id;
}
