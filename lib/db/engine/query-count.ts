import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { getEnv } from "@/lib/env";
import { findResource, resource } from "@/lib/runtime/registry";

// SQL round trips per API request, for the test that fails on an N+1 (tests/api/sql-round-trips.test.ts).
// Only with AGORA_COUNT_QUERIES=1 (the test server sets it): then the pool the Prisma adapter
// uses is a counting one and every API answer carries `X-Agora-Db-Queries: <n>`. Without the
// flag the adapter gets its ordinary pool and a request costs one cached boolean check.
//
// What counts: every statement handed to `pg` for the server, i.e. each `query` call on the
// pool (Prisma's queries outside transactions) or on a connection checked out of it (a
// transaction: its BEGIN, each statement inside it, and its COMMIT or ROLLBACK each count one).
// Every such call is one round trip to PostgreSQL (or to the embedded database's wire server,
// which is reached through the same `pg` pool). Opening a new connection (startup and
// authentication messages) does not count: it is not a statement, and a warm pool skips it.

/** The statements of one request so far. */
export interface QueryTally {
  count: number;
}

export const QUERY_COUNT_HEADER = "X-Agora-Db-Queries";

// Next.js bundles route handlers separately, so the one storage is a process resource
// (lib/runtime/registry.ts): the pool (lib/db/engine/client.ts) and the API wrapper
// (lib/api/define-endpoint.ts) must share it.
const TALLY = "db.query-tally";

let enabled: boolean | undefined;

/** AGORA_COUNT_QUERIES=1: count statements per request (a test-server setting, never for production). */
export function isQueryCountingOn(): boolean {
  enabled ??= getEnv().AGORA_COUNT_QUERIES === "1";
  return enabled;
}

function storage(): AsyncLocalStorage<QueryTally> {
  return resource(TALLY, () => new AsyncLocalStorage<QueryTally>());
}

/** Runs `work` with a fresh tally that every statement it sends (in its async context) adds to. */
export async function withQueryTally<T>(work: () => Promise<T>): Promise<{ result: T; tally: QueryTally }> {
  const tally: QueryTally = { count: 0 };
  const result = await storage().run(tally, work);
  return { result, tally };
}

function countStatement(): void {
  const tally = findResource<AsyncLocalStorage<QueryTally>>(TALLY)?.getStore();
  if (tally) tally.count += 1;
}

type AnyFunction = (...args: unknown[]) => unknown;

/** A checked-out connection whose `query` counts; everything else is the connection itself. */
function countingConnection(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as AnyFunction;
  const countedQuery = (...args: unknown[]) => {
    countStatement();
    return query(...args);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return countedQuery;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as AnyFunction).bind(target) : value;
    },
  });
}

/**
 * A `pg` pool that counts each statement into the current request's tally.
 * `pool.query` counts when it is called, in the caller's async context: pg-pool hands a queued
 * query its connection from whichever context released one, so counting inside would charge
 * another request. Its internal checkout (`connect(callback)`) is left alone so nothing counts
 * twice; checkouts for transactions (`connect()` without a callback) get a counting connection.
 */
export function createCountingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const query = pool.query.bind(pool) as AnyFunction;
  const connect = pool.connect.bind(pool) as AnyFunction;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      countStatement();
      return query(...args);
    },
    connect: (...args: unknown[]) => (args.length > 0 ? connect(...args) : (connect() as Promise<pg.PoolClient>).then(countingConnection)),
  });
  return pool;
}
