// npm run db:migrate: applies pending migrations alone (contract section 11), then re-applies
// prisma/derived/, then installs or upgrades the job queue's schema and creates the jobs' queues.
import { resolveDatabaseUrl } from "@/lib/db/engine/client";
import { applyMigrations } from "@/lib/db/engine/migrate";
import { getEnv } from "@/lib/env";
import { installJobQueue } from "@/lib/jobs/start-jobs";
import { runScript } from "./run-script";

runScript(async () => {
  const url = (getEnv().DATABASE_URL && getEnv().DATABASE_DIRECT_URL) || (await resolveDatabaseUrl());
  const { applied, total, derived } = await applyMigrations(url);
  console.log(applied.length === 0 ? `Database is up to date (${total} migrations).` : `Applied: ${applied.join(", ")}`);
  console.log(derived.length === 0 ? "prisma/derived/ is already in place." : `Re-applied prisma/derived/: ${derived.join(", ")}`);
  await installJobQueue(url);
  console.log("The job queue (schema pgboss) and its queues are in place.");
});
