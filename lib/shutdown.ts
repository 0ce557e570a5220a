import "server-only";
import { stopJobs } from "@/lib/jobs/start-jobs";
import { stopLive } from "@/lib/live/hub";
import { logger } from "@/lib/log";
import { resource, stopAll } from "@/lib/runtime/registry";

// Requests still running this long after the signal are abandoned (exit 1).
const DRAIN_LIMIT_MS = 25_000;

// Jobs running at the signal get this long to finish (within the drain limit); the rest are failed and retried elsewhere.
const JOB_DRAIN_MS = 10_000;

// The process's resources (lib/runtime/registry.ts) stop newest first: the background runs
// started after the database (the post HTML backfill), then its client, then the embedded server
// it connects to. Live streams end before all of them, whenever the hub was made.
async function closeResources(): Promise<void> {
  await stopJobs(JOB_DRAIN_MS);
  await stopLive();
  await stopAll();
}

/**
 * SIGTERM / SIGINT (contract section 16): stop accepting, finish what is in flight, close the
 * database, exit 0. `next start` already does the first two on these signals (its http server's
 * close() waits for in-flight requests, then it closes itself) and then calls process.exit with
 * 143 or 130; that final exit is where the database is closed and the code becomes 0. With
 * NEXT_MANUAL_SIG_HANDLE set, Next leaves the signals to us and this closes and exits at once.
 */
export function installGracefulShutdown(): void {
  resource("shutdown.signals", installSignalHandlers);
}

function installSignalHandlers(): true {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "shutting down: finishing requests in flight");
    // Event streams never finish on their own: end them now, or they would hold the drain until its limit.
    void stopLive();
    const exit = process.exit.bind(process);
    let closing = false;
    process.exit = ((code?: number) => {
      if (closing) return undefined as never;
      closing = true;
      closeResources().then(
        () => exit(0),
        (error: unknown) => {
          logger.error({ err: error, code }, "closing the database failed");
          exit(1);
        },
      );
      return undefined as never;
    }) as typeof process.exit;
    setTimeout(() => {
      logger.error({ ms: DRAIN_LIMIT_MS }, "requests still in flight at the shutdown limit; exiting");
      exit(1);
    }, DRAIN_LIMIT_MS).unref();
    if (process.env.NEXT_MANUAL_SIG_HANDLE) process.exit(0);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  return true;
}
