import "server-only";
import PgBoss from "pg-boss";
import type { EnqueuedJob, JobDefinition, PeriodicJob } from "@/lib/jobs/define-job";
import { periodicPollSeconds, startPeriodicTicks } from "@/lib/jobs/periodic";
import { startPollLoop, type PollLoop } from "@/lib/jobs/poll-loop";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import { openQueueConnection } from "@/lib/jobs/queue-connection";
import { logger } from "@/lib/log";

// pg-boss (docs/operations.md, "Background jobs", says why this library): one queue per job, polled
// by every instance; a job is taken with FOR UPDATE SKIP LOCKED in one statement and nothing holds a
// session, so pgbouncer in transaction mode and the embedded database's one shared session both work.

export interface JobRunnerOptions {
  connectionString: string;
  jobs: readonly JobDefinition[];
  /** Install or upgrade the queue's schema and create or update the jobs' queues; else they must exist. */
  install: boolean;
  /** Poll and run the jobs here (false: only install). */
  work: boolean;
  poolMax: number;
}

export interface JobRunner {
  /** Stops taking jobs, waits up to `timeoutMs` for running ones (those still running are failed, so retried), closes the pool. */
  stop: (timeoutMs?: number) => Promise<void>;
}

function queueOptions(job: JobDefinition): PgBoss.Queue {
  return {
    name: job.name,
    policy: job.kind === "periodic" ? "stately" : "standard",
    retryLimit: job.retries,
    retryDelay: job.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: job.expireSeconds,
  };
}

// Creating a queue attaches a partition to the jobs table: instances starting together on a new
// queue can deadlock there. The loser tries again and finds the queue made.
async function createQueueOnce(boss: PgBoss, job: JobDefinition): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, queueOptions(job));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

async function prepareQueue(boss: PgBoss, job: JobDefinition, install: boolean): Promise<void> {
  if (install) {
    await createQueueOnce(boss, job);
    // Retries and expiry follow the job's file on every start.
    await boss.updateQueue(job.name, queueOptions(job));
  } else if (!(await boss.getQueue(job.name))) {
    throw new Error(`job queue "${job.name}" does not exist: run npm run db:migrate`);
  }
}

async function runLogged(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.warn({ err: error, job: name }, "job failed; it is retried with backoff until its attempts run out");
    throw error;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function workPeriodic(boss: PgBoss, job: PeriodicJob): Promise<PollLoop> {
  const everyMs = job.everyMs();
  const loop = startPollLoop(boss, {
    name: job.name,
    pollSeconds: periodicPollSeconds(everyMs),
    batchSize: 1,
    run: async (runs) => {
      try {
        await runLogged(job.name, () => job.run());
        return { failed: new Map() };
      } catch (error) {
        return { failed: new Map(runs.map((run) => [run.id, errorMessage(error)])) };
      }
    },
  });
  const stopTicks = await startPeriodicTicks(boss, job, everyMs);
  return { stop: (timeoutMs) => (stopTicks(), loop.stop(timeoutMs)) };
}

// A batch is taken at once, but each job succeeds or fails alone: a failed one is retried.
function workEnqueued(boss: PgBoss, job: EnqueuedJob): PollLoop {
  return startPollLoop<Parameters<EnqueuedJob["run"]>[0]>(boss, {
    name: job.name,
    pollSeconds: job.pollSeconds,
    batchSize: job.batchSize,
    run: async (batch) => {
      const failed = new Map<string, string>();
      for (const item of batch) await runLogged(job.name, () => job.run(item.data)).catch((error: unknown) => failed.set(item.id, errorMessage(error)));
      return { failed };
    },
  });
}

/** Starts pg-boss on its own small pool (lib/jobs/queue-connection.ts), prepares every job's queue, and (with `work`) polls them. */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const connection = openQueueConnection({ connectionString: options.connectionString, max: options.poolMax });
  const boss = new PgBoss({
    db: connection,
    schema: JOB_SCHEMA,
    migrate: options.install,
    // Failing runs that outlived their expiry, archiving and deleting old jobs: one instance a minute.
    supervise: options.work,
    maintenanceIntervalSeconds: 60,
    archiveCompletedAfterSeconds: 3600,
    // pg-boss's cron is not used: it is minute-grained, and periodic jobs tick at their own setting (lib/jobs/periodic.ts).
    schedule: false,
  });
  boss.on("error", (error: unknown) => logger.warn({ err: error }, "job queue step failed; it runs again at its next interval"));
  try {
    await boss.start();
  } catch (error) {
    await connection.close();
    throw error;
  }
  const workers: PollLoop[] = [];
  const stopWorkers = (timeoutMs: number) => Promise.all(workers.splice(0).map((worker) => worker.stop(timeoutMs)));
  try {
    for (const job of options.jobs) await prepareQueue(boss, job, options.install);
    for (const job of options.work ? options.jobs : []) workers.push(job.kind === "periodic" ? await workPeriodic(boss, job) : workEnqueued(boss, job));
  } catch (error) {
    await stopWorkers(0);
    await boss.stop({ graceful: false });
    await connection.close();
    throw error;
  }
  return {
    stop: async (timeoutMs = 10_000) => {
      await stopWorkers(timeoutMs);
      await boss.stop({ graceful: false });
      await connection.close();
    },
  };
}
