import "server-only";
import type PgBoss from "pg-boss";
import type { PeriodicJob } from "@/lib/jobs/define-job";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";

// A periodic job is a chain of runs in its own queue: each run first writes the next one, so the
// schedule lives in the database (an instance that dies mid-run loses no period), and the queue's
// policy (stately: at most one waiting, one running, one waiting to retry) keeps every instance's
// copy of the chain to one.

/** What a periodic job's queued run carries: the period it was scheduled with. */
interface PeriodicPayload {
  everyMs: number;
}

/** How often an idle worker looks for the due run: a run waits at most half a period to be picked up. */
export function periodicPollSeconds(everyMs: number): number {
  return Math.min(30, Math.max(0.5, everyMs / 2000));
}

/** Writes the next run `afterMs` from now (the database's clock); the queue keeps it out when one already waits. */
export function scheduleNextRun(boss: PgBoss, job: PeriodicJob, everyMs: number, afterMs = everyMs): Promise<string | null> {
  const payload: PeriodicPayload = { everyMs };
  return boss.send(job.name, payload, { startAfter: afterMs > 0 ? afterMs / 1000 : undefined });
}

/**
 * At start: a waiting run scheduled with another period (the setting changed since) is replaced, and
 * one is written unless one waits already, so a new database, or a chain whose run failed for good,
 * starts again.
 */
export async function ensurePeriodicRun(boss: PgBoss, job: PeriodicJob, everyMs: number): Promise<void> {
  await boss
    .getDb()
    .executeSql(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'created' AND (data->>'everyMs')::float8 IS DISTINCT FROM $2::float8`, [
      job.name,
      everyMs,
    ]);
  await scheduleNextRun(boss, job, everyMs, job.runAtStart ? 0 : everyMs);
}
