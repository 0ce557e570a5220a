import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { startEmbeddedDatabase } from "@/lib/db/embedded/database";
import { applyMigrations } from "@/lib/db/engine/migrate";
import { createCountingPool, isQueryCountingOn } from "@/lib/db/engine/query-count";
import { installReadRouting, stopReadRouting } from "@/lib/db/engine/read-routing";
import { statementName } from "@/lib/db/engine/statements";
import { logger } from "@/lib/log";
import { resource } from "@/lib/runtime/registry";

export type Db = PrismaClient;

// Next.js bundles instrumentation and route handlers separately and reloads modules in
// development, so the one database connection is a process resource (lib/runtime/registry.ts).
interface Connection {
  client: PrismaClient;
  /** The pool under Prisma, for the few hot reads that are one hand-written statement (lib/db/read-versions.ts). */
  pool: pg.Pool;
  url: string;
}

const DB = "db";

/** DATABASE_URL, or the URL of the embedded database (started here when no process serves it yet). */
export async function resolveDatabaseUrl(): Promise<string> {
  const env = getEnv();
  return env.DATABASE_URL ?? (await startEmbeddedDatabase(env.AGORA_DATA_DIR));
}

async function connect(): Promise<Connection> {
  const env = getEnv();
  const url = await resolveDatabaseUrl();
  if (env.AGORA_MIGRATE_ON_START === "1") {
    // Migrations hold a session advisory lock: never through a pooler in transaction mode.
    const { applied } = await applyMigrations(env.DATABASE_URL ? (env.DATABASE_DIRECT_URL ?? url) : url);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");
  }
  const embedded = env.DATABASE_URL === undefined;
  // The embedded server runs one PostgreSQL session, so a small pool is as fast as a big one.
  const poolConfig = { connectionString: url, max: embedded ? 4 : env.AGORA_DB_POOL_MAX };
  // AGORA_COUNT_QUERIES=1 (test server only): a pool that counts each statement per API request
  // (lib/db/engine/query-count.ts). Both databases are reached through this pool (the embedded one over
  // its loopback wire server), so the count covers both. Off: an ordinary pool.
  const pool = isQueryCountingOn() ? createCountingPool(poolConfig) : new pg.Pool(poolConfig);
  // DATABASE_REPLICA_URL: reads of API requests may go to the replica (lib/db/engine/read-routing.ts).
  const replica =
    env.DATABASE_REPLICA_URL && !embedded
      ? new pg.Pool({ connectionString: env.DATABASE_REPLICA_URL, max: env.AGORA_DB_POOL_MAX, connectionTimeoutMillis: 2_000 })
      : null;
  installReadRouting(pool, replica);
  // (The cast: the adapter ships its own copy of @types/pg; at run time there is one `pg`.)
  // Prisma's statements are named by their text where connections are sessions (lib/db/engine/statements.ts).
  const adapter = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
    statementNameGenerator: (query) => statementName(query.sql) as string,
  });
  return { client: new PrismaClient({ adapter }), pool, url };
}

// A connection that failed is forgotten, so the next caller connects again.
function connection(): Promise<Connection> {
  return resource(DB, connect, { stop: closeConnection });
}

async function closeConnection(connection: Connection): Promise<void> {
  stopReadRouting();
  await connection.client.$disconnect();
}

/** The Prisma client, connected (and migrated, unless AGORA_MIGRATE_ON_START=0). */
export async function getDb(): Promise<PrismaClient> {
  return (await connection()).client;
}

/** The `pg` pool Prisma runs on: one statement, no ORM, for reads on every request's path. */
export async function getPool(): Promise<pg.Pool> {
  return (await connection()).pool;
}
