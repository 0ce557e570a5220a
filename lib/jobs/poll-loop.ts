import "server-only";
import type PgBoss from "pg-boss";
import { logger } from "@/lib/log";

// Each queue is polled by a loop of ours rather than pg-boss's `work`: its graceful stop waits only
// for jobs a worker holds, not for a fetch still in flight, so a job taken as the instance stops was
// left active (no one running it) until its expiry, and a periodic job stalled that long
// (pg-boss#303, #237). Here stop waits for the loop's current turn, fetch included, and fails what is
// still running when the wait runs out, so another instance retries it at once.

export interface PollLoop {
  /** Stops fetching; waits up to `timeoutMs` for the current turn, then fails the jobs still held. */
  stop: (timeoutMs: number) => Promise<void>;
}

export interface PollLoopOptions<T> {
  name: string;
  pollSeconds: number;
  batchSize: number;
  /** Runs a batch; answers the ids that failed (the rest are completed). */
  run: (jobs: PgBoss.Job<T>[]) => Promise<{ failed: Map<string, string> }>;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // The listener goes with the timer: a loop sleeps thousands of times on one signal.
    const wake = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal.addEventListener("abort", wake, { once: true });
  });
}

export function startPollLoop<T extends object>(boss: PgBoss, options: PollLoopOptions<T>): PollLoop {
  const stopping = new AbortController();
  let held: string[] = [];

  async function turn(): Promise<boolean> {
    const jobs = await boss.fetch<T>(options.name, { batchSize: options.batchSize });
    if (jobs.length === 0) return false;
    held = jobs.map((job) => job.id);
    const { failed } = await options.run(jobs);
    for (const [id, message] of failed) await boss.fail(options.name, id, { message });
    const done = held.filter((id) => !failed.has(id));
    if (done.length > 0) await boss.complete(options.name, done);
    held = [];
    return true;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      const started = Date.now();
      const busy = await turn().catch((error: unknown) => {
        logger.warn({ err: error, job: options.name }, "job queue poll failed; it polls again at its next interval");
        return false;
      });
      // A full turn polls again at once: more may wait.
      if (!busy) await sleep(Math.max(0, options.pollSeconds * 1000 - (Date.now() - started)), stopping.signal);
    }
  })();

  return {
    stop: async (timeoutMs) => {
      stopping.abort();
      const finished = await Promise.race([loop.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref())]);
      if (finished || held.length === 0) return;
      const running = held;
      held = [];
      for (const id of running) {
        await boss.fail(options.name, id, { message: "the instance stopped while the job ran" }).catch((error: unknown) => {
          logger.warn({ err: error, job: options.name }, "could not fail a job left running at stop; it expires instead");
        });
      }
    },
  };
}
