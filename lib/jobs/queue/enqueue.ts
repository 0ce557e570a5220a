import "server-only";
import PgBoss from "pg-boss";
import type { Tx } from "@/lib/db/engine/transaction";
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
function sender(): PgBoss {
  globalForSender.agoraJobSender ??= new PgBoss({ db: refuseOutsideTransaction, schema: JOB_SCHEMA });
  return globalForSender.agoraJobSender;
}

// Prisma binds plain values only: a payload object goes as its JSON text, which the statement casts to jsonb.
function toParameter(value: unknown): unknown {
  return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
}

function transactionExecutor(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(toParameter)) }),
  };
}

/**
 * Writes a job in the caller's transaction: it exists exactly when the write that causes it commits,
 * and a rolled-back write leaves no job behind. Answers the job's id, or null when the queue's policy
 * kept an equal job instead.
 */
export async function enqueueInTransaction<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N], options: EnqueueOptions = {}): Promise<string | null> {
  return sender().send(name, data, { db: transactionExecutor(tx), startAfter: options.startAfterSeconds });
}
