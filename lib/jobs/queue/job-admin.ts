import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { inTransaction } from "@/lib/db/engine/transaction";
import { sender, transactionExecutor } from "@/lib/jobs/queue/enqueue";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";

// The site admins' view of the job queue (contract section 20): what waits, what failed, and a retry.

export interface QueueCounts {
  name: string;
  /** Waiting to run (created) or to retry after a failure. */
  queued: number;
  active: number;
  failed: number;
}

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retryCount: number;
  /** When it ran last, failed or is due. */
  at: Date;
  /** The failure's message, for a failed job. */
  error: string;
  data: unknown;
}

export async function countJobsByQueue(): Promise<QueueCounts[]> {
  const pool = await getPool();
  const { rows } = await pool.query<{ name: string; queued: number; active: number; failed: number }>(
    `SELECT name,
            count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM ${JOB_SCHEMA}.job GROUP BY name ORDER BY name`,
  );
  return rows;
}

/** The newest jobs in these states, at most `limit`. */
export async function listJobs(states: readonly ("created" | "retry" | "active" | "failed")[], limit: number): Promise<JobRow[]> {
  const pool = await getPool();
  const { rows } = await pool.query<{ id: string; name: string; state: string; retry_count: number; at: Date; error: string | null; data: unknown }>(
    `SELECT id, name, state::text AS state, retry_count, COALESCE(completed_on, started_on, start_after) AS at, output->>'message' AS error, data
       FROM ${JOB_SCHEMA}.job WHERE state::text = ANY($1::text[]) ORDER BY COALESCE(completed_on, started_on, start_after) DESC LIMIT $2`,
    [states, limit],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state, retryCount: row.retry_count, at: row.at, error: row.error ?? "", data: row.data }));
}

/** Sends a failed job back to the queue (pg-boss's retry: one more attempt); whether it was failed. */
export async function retryFailedJob(name: string, id: string): Promise<boolean> {
  return inTransaction(async (tx) => {
    const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2::uuid AND state = 'failed'`,
      name,
      id,
    );
    if (!row || row.n === 0) return false;
    await sender().retry(name, id, { db: transactionExecutor(tx) });
    return true;
  });
}
