import { setTimeout as sleep } from "node:timers/promises";
import { getPool, resolveDatabaseUrl } from "@/lib/db/engine/client";
import type { PeriodicJob } from "@/lib/jobs/define-job";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import { startJobRunner } from "@/lib/jobs/runner";

/** Removes a test queue and its jobs (its jobs first: a queue that still has jobs cannot go). */
export async function dropJobQueue(name: string): Promise<void> {
  const pool = await getPool();
  await pool.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1`, [name]);
  await pool.query(`DELETE FROM ${JOB_SCHEMA}.archive WHERE name = $1`, [name]);
  await pool.query(`SELECT ${JOB_SCHEMA}.delete_queue($1) FROM ${JOB_SCHEMA}.queue WHERE name = $1`, [name]);
}

/**
 * Runs a periodic job through a job runner of the test's own (its queue named by the test, so the
 * server's runner never takes it) until `done` holds, then stops the runner and drops the queue.
 */
export async function runPeriodicJobOnce(job: PeriodicJob, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  await dropJobQueue(job.name);
  const runner = await startJobRunner({
    connectionString: await resolveDatabaseUrl(),
    jobs: [{ ...job, everyMs: () => 500, runAtStart: true }],
    install: true,
    work: true,
    poolMax: 2,
  });
  try {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`job ${job.name} did not finish within ${timeoutMs} ms`);
      await sleep(100);
    }
  } finally {
    await runner.stop(1000);
    await dropJobQueue(job.name);
  }
}

/**
 * Waits until the server's start-time runs of these periodic jobs are done (none of theirs is
 * waiting, due or running): tests that count every table's rows would otherwise see a pruning run
 * remove rows that earlier suites left aged.
 */
export async function waitForStartRuns(names: readonly string[], timeoutMs = 60_000): Promise<void> {
  const pool = await getPool();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ written: number; pending: number }>(
      `SELECT count(DISTINCT name)::int AS written,
              count(*) FILTER (WHERE state IN ('created', 'retry', 'active') AND start_after <= now())::int AS pending
       FROM ${JOB_SCHEMA}.job WHERE name = ANY($1)`,
      [names],
    );
    if (rows[0]!.written === names.length && rows[0]!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`the start runs of ${names.join(", ")} did not finish within ${timeoutMs} ms`);
    await sleep(250);
  }
}
