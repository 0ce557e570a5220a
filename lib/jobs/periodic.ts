import "server-only";
import type PgBoss from "pg-boss";
import type { PeriodicJob } from "@/lib/jobs/define-job";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import { logger } from "@/lib/log";

// A periodic job's queue is stately: at most one run waiting, one running and one waiting to retry,
// a unique index the database holds. Every instance ticks at its own setting and each tick only
// writes a run, which the queue keeps out while one already waits; whichever instance polls first
// runs it. So the job runs at the fastest instance's pace and never twice at once, an instance that
// dies takes no schedule with it, and a changed setting takes effect with the instance that has it.

/** What a periodic run carries: the period of the instance that wrote it. */
interface PeriodicPayload {
  everyMs: number;
}

/** How often an idle worker looks for a waiting run: at most half a period after it was written. */
export function periodicPollSeconds(everyMs: number): number {
  return Math.min(30, Math.max(0.5, everyMs / 2000));
}

function writeRun(boss: PgBoss, job: PeriodicJob, everyMs: number): Promise<string | null> {
  const payload: PeriodicPayload = { everyMs };
  return boss.send(job.name, payload);
}

/**
 * At start, a waiting run written at another period is dropped (an instance with that setting writes
 * it again at its next tick), so a run left by a server configured otherwise, say a sweep every second
 * in tests, does not run here at once. Then ticks every period (at once too when `runAtStart`);
 * answers the function that stops the ticks.
 */
export async function startPeriodicTicks(boss: PgBoss, job: PeriodicJob, everyMs: number): Promise<() => void> {
  await boss
    .getDb()
    .executeSql(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'created' AND (data->>'everyMs')::float8 IS DISTINCT FROM $2::float8`, [
      job.name,
      everyMs,
    ]);
  const tick = () => {
    writeRun(boss, job, everyMs).catch((error: unknown) =>
      logger.warn({ err: error, job: job.name }, "could not write a periodic run; the next tick tries again"),
    );
  };
  const timer = setInterval(tick, everyMs);
  // The ticks never keep the process alive.
  timer.unref();
  if (job.runAtStart) tick();
  return () => clearInterval(timer);
}
