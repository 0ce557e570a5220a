import "server-only";
import pg from "pg";
import type PgBoss from "pg-boss";
import { completeJobs, failJobsById } from "pg-boss/src/plans";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import { logger } from "@/lib/log";

export interface QueueConnection extends PgBoss.Db {
  close: () => Promise<void>;
}

// pg-boss 10.4.2 (the last release for Node 20) marks a batch completed or failed without awaiting
// it (timgit/pg-boss#577): a database error there would be an unhandled rejection. Those two
// statements are settled here instead: the job stays active, and its expiry fails and retries it.
const SETTLE_STATEMENTS = new Set([completeJobs(JOB_SCHEMA), failJobsById(JOB_SCHEMA)]);
const NOTHING_SETTLED = { rows: [{ count: "0" }] };

/** The queue's own pool, handed to pg-boss as its executor (so pg-boss neither opens nor closes it). */
export function openQueueConnection(options: { connectionString: string; max: number }): QueueConnection {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max, application_name: "agora-jobs" });
  // An idle connection the server dropped: the pool replaces it on the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "job queue connection lost; the next poll reconnects"));
  let closing: Promise<void> | undefined;
  return {
    executeSql: async (text, values) => {
      if (!SETTLE_STATEMENTS.has(text)) return pool.query(text, values);
      try {
        return await pool.query(text, values);
      } catch (error) {
        logger.warn({ err: error }, "a job's outcome was not written; it stays active until its expiry fails and retries it");
        return NOTHING_SETTLED;
      }
    },
    // A runner may be stopped twice (by its owner, then by a shutdown): the pool ends once.
    close: () => (closing ??= pool.end()),
  };
}
