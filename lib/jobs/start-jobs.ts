import "server-only";
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { isServingEmbeddedDatabase } from "@/lib/db/embedded/database";
import { getEnv } from "@/lib/env";
import { ALL_JOBS } from "@/lib/jobs/all-jobs";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";

// Next.js bundles instrumentation and route handlers separately: the one runner lives on globalThis.
const globalForJobs = globalThis as unknown as { agoraJobs?: Promise<JobRunner | null> };

// The queue polls on a pool of its own: a few connections beside AGORA_DB_POOL_MAX (the embedded
// database is one session, so more would only wait).
const POOL_MAX = { postgres: 3, embedded: 2 };

async function launch(): Promise<JobRunner | null> {
  const env = getEnv();
  // On the embedded database the process serving it runs the jobs; others (scripts, test servers
  // sharing it) only enqueue.
  if (!env.DATABASE_URL && !isServingEmbeddedDatabase()) return null;
  return startJobRunner({
    connectionString: await resolveDatabaseUrl(),
    jobs: ALL_JOBS,
    install: env.AGORA_MIGRATE_ON_START === "1",
    work: true,
    poolMax: env.DATABASE_URL ? POOL_MAX.postgres : POOL_MAX.embedded,
  });
}

/**
 * Once per process (instrumentation.ts), after the database: installs the queue's schema and the
 * jobs' queues (with the migrations, unless AGORA_MIGRATE_ON_START=0), then polls them. Resolves once
 * the queues exist, so requests that enqueue find them.
 */
export async function startJobs(): Promise<void> {
  globalForJobs.agoraJobs ??= launch().catch((error: unknown) => {
    globalForJobs.agoraJobs = undefined;
    throw error;
  });
  await globalForJobs.agoraJobs;
}

/** Stops polling; a job still running after `timeoutMs` is failed, so another instance (or the next start) retries it. */
export async function stopJobs(timeoutMs?: number): Promise<void> {
  const running = globalForJobs.agoraJobs;
  globalForJobs.agoraJobs = undefined;
  const runner = await running?.catch(() => null);
  await runner?.stop(timeoutMs);
}

/** npm run db:migrate: the queue's schema and every job's queue, without running any. */
export async function installJobQueue(connectionString: string): Promise<void> {
  const runner = await startJobRunner({ connectionString, jobs: ALL_JOBS, install: true, work: false, poolMax: 1 });
  await runner.stop();
}
