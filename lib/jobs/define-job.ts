import "server-only";
import type { JobName, JobPayloads } from "@/lib/jobs/queue/payloads";

// A job is a name, a payload and what to do with it (Discourse's app/jobs): the runner
// (lib/jobs/runner.ts) gives each its own queue, retries failures with exponential backoff, and
// fails a run that outlives `expireSeconds` (an instance that died mid-run) so it is retried.

interface JobBase {
  name: string;
  /** Attempts after the first failure; each waits twice as long as the one before. */
  retries: number;
  retryDelaySeconds: number;
  /** A run still going this long after it started is failed (and retried) by any instance. */
  expireSeconds: number;
}

/** A job a write enqueues (enqueueInTransaction), run once per enqueue. */
export interface EnqueuedJob<N extends JobName = JobName> extends JobBase {
  kind: "enqueued";
  name: N;
  /** How often an idle worker looks for due jobs, and how many it takes at once. */
  pollSeconds: number;
  batchSize: number;
  run(data: JobPayloads[N]): Promise<void>;
}

/**
 * A job run every `everyMs()` (read at start): each instance writes a run at that pace, and its queue
 * holds at most one waiting and one running, so across every instance it never runs twice at once.
 */
export interface PeriodicJob extends JobBase {
  kind: "periodic";
  everyMs: () => number;
  /** Also writes a run at start (else the first comes one period after). */
  runAtStart: boolean;
  run(): Promise<void>;
}

export type JobDefinition = EnqueuedJob | PeriodicJob;

export function defineEnqueuedJob<N extends JobName>(job: Omit<EnqueuedJob<N>, "kind">): EnqueuedJob<N> {
  return { kind: "enqueued", ...job };
}

export function definePeriodicJob(job: Omit<PeriodicJob, "kind">): PeriodicJob {
  return { kind: "periodic", ...job };
}
