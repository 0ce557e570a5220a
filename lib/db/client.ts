import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createCountingPool, isQueryCountingOn } from "@/lib/db/query-count";
import { logger } from "@/lib/log";

export type Db = PrismaClient;

// Next.js bundles instrumentation and route handlers separately and reloads modules in
// development, so the one database connection lives on globalThis.
const globalForDb = globalThis as unknown as { agoraDb?: Promise<{ client: PrismaClient; url: string }> };

/** DATABASE_URL, or the URL of the embedded database (started here when no process serves it yet). */
export async function resolveDatabaseUrl(): Promise<string> {
  const env = getEnv();
  return env.DATABASE_URL ?? (await startEmbeddedDatabase(env.AGORA_DATA_DIR));
}

async function connect(): Promise<{ client: PrismaClient; url: string }> {
  const env = getEnv();
  const url = await resolveDatabaseUrl();
  if (env.AGORA_MIGRATE_ON_START === "1") {
    const { applied } = await applyMigrations(url);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");
  }
  const embedded = env.DATABASE_URL === undefined;
  // The embedded server runs one PostgreSQL session, so a small pool is as fast as a big one.
  const poolConfig = { connectionString: url, max: embedded ? 4 : env.AGORA_DB_POOL_MAX };
  // AGORA_COUNT_QUERIES=1 (test server only): a pool that counts each statement per API request
  // (lib/db/query-count.ts). Both databases are reached through this pool (the embedded one over
  // its loopback wire server), so the count covers both. Off: the adapter's own pool, untouched.
  // (The cast: the adapter ships its own copy of @types/pg; at run time there is one `pg`.)
  const adapter = isQueryCountingOn()
    ? new PrismaPg(createCountingPool(poolConfig) as unknown as ConstructorParameters<typeof PrismaPg>[0], { disposeExternalPool: true })
    : new PrismaPg(poolConfig);
  return { client: new PrismaClient({ adapter }), url };
}

/** The Prisma client, connected (and migrated, unless AGORA_MIGRATE_ON_START=0). */
export async function getDb(): Promise<PrismaClient> {
  globalForDb.agoraDb ??= connect().catch((error: unknown) => {
    globalForDb.agoraDb = undefined;
    throw error;
  });
  return (await globalForDb.agoraDb).client;
}

export async function disconnectDb(): Promise<void> {
  const current = globalForDb.agoraDb;
  globalForDb.agoraDb = undefined;
  if (current) await (await current).client.$disconnect();
}
