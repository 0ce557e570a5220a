import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { logger } from "@/lib/log";
import { readWriteMarks, recordWriteMark } from "@/lib/db/engine/write-marks";
import { findResource, resource, stopResource } from "@/lib/runtime/registry";

// Read/write routing (contract section 16). The pool Prisma and the hand-written reads use is the
// primary's; with a replica configured its `query` sends a read-only statement to the replica when
// (1) it runs inside an API request's routing scope, (2) the replica is healthy and lags less than
// 5 s, (3) the request has not written yet and (4) its viewer has no write the replica has not
// replayed (a WAL position recorded after each writing request, lib/db/engine/write-marks.ts). Everything
// else (writes, transactions, work outside a request: pages, jobs, health) runs on the primary.
// A replica that fails a statement is left alone for a second and the statement runs on the primary.

export const MAX_REPLICA_LAG_MS = 5_000;
const REPLICA_DOWN_MS = 1_000;
const POLL_MS = 500;

interface ReplicaState {
  pool: pg.Pool;
  /** Primary's `query` before routing was installed (never routed). */
  primaryQuery: (...args: unknown[]) => Promise<pg.QueryResult>;
  reachable: boolean;
  lagMs: number | null;
  /** pg_last_wal_replay_lsn() at the last poll: only ever behind the truth, so comparisons err towards the primary. */
  replayLsn: bigint | null;
  downUntil: number;
  timer?: NodeJS.Timeout;
}

/** One API request's routing: who is reading, and what it did so far. */
interface RouteScope {
  /** The highest unexpired write mark of the viewer; "unknown" (Redis failed) reads from the primary. */
  markLsn: bigint | null | "unknown";
  markSubjects: string[];
  /** A write request (a POST): every read it makes runs on the primary, before and after its writes. */
  primaryOnly: boolean;
  wrote: boolean;
  replicaReads: number;
  primaryReads: number;
}

const REPLICA = "db.replica";

function scopes(): AsyncLocalStorage<RouteScope> {
  return resource("db.route-scope", () => new AsyncLocalStorage<RouteScope>());
}

/** The replica and what is known of it, while one is configured and connected. */
function replicaState(): ReplicaState | undefined {
  return findResource<ReplicaState>(REPLICA);
}

/** "16/B374D848" → a number that orders like the WAL position. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const READ_START = /^\s*(select|with)\b/i;
/**
 * Opens a bookkeeping statement: a write no reader needs to see at once (a read position). It runs
 * on the primary but neither holds the rest of the request there nor marks the viewer, so a reader
 * who only reads stays on the replica.
 */
export const BOOKKEEPING_SQL = "/* agora:bookkeeping */ ";
const WRITE_WORDS =
  /\b(insert|update|delete|merge|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|agora_publish|pg_notify|set_config)\b/i;
const SESSION_WORDS = /^\s*(begin|commit|rollback|savepoint|release|set|show|start\s+transaction)\b/i;

/** A statement the replica can answer: a SELECT (or WITH) that neither writes nor locks. */
export function isReadOnlySql(text: string): boolean {
  return READ_START.test(text) && !WRITE_WORDS.test(text);
}

function statementText(args: unknown[]): string | null {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && typeof (first as { text?: unknown }).text === "string") return (first as { text: string }).text;
  return null;
}

function replicaUsable(state: ReplicaState, scope: RouteScope): boolean {
  if (scope.primaryOnly || scope.wrote || scope.markLsn === "unknown") return false;
  if (!state.reachable || Date.now() < state.downUntil) return false;
  if (state.lagMs === null || state.lagMs >= MAX_REPLICA_LAG_MS) return false;
  if (scope.markLsn !== null && (state.replayLsn === null || state.replayLsn < scope.markLsn)) return false;
  return true;
}

// Errors the primary would answer alike (bad data, bad SQL): no reason to doubt the replica.
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("42"));
}

async function runRouted(state: ReplicaState, args: unknown[]): Promise<pg.QueryResult> {
  const scope = scopes().getStore();
  const text = statementText(args);
  const read = text !== null && isReadOnlySql(text) && typeof args[args.length - 1] !== "function";
  if (!scope || text?.startsWith(BOOKKEEPING_SQL)) return state.primaryQuery(...args);
  if (!read) {
    if (text === null || !SESSION_WORDS.test(text)) scope.wrote = true;
    return state.primaryQuery(...args);
  }
  if (replicaUsable(state, scope)) {
    try {
      const result = await state.pool.query(...(args as [pg.QueryConfig]));
      scope.replicaReads += 1;
      return result;
    } catch (error) {
      if (isStatementError(error)) throw error;
      const code = (error as { code?: unknown }).code;
      // 25006: the statement wrote after all (read-only transaction); it belongs on the primary.
      if (code === "25006") scope.wrote = true;
      else {
        state.downUntil = Date.now() + REPLICA_DOWN_MS;
        logger.warn({ err: error }, "replica query failed; retrying on the primary, replica left alone for a second");
      }
    }
  }
  scope.primaryReads += 1;
  return state.primaryQuery(...args);
}

/** A transaction's connection: statements that write mark the request as having written. */
function markingConnection(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const marked = (...args: unknown[]) => {
    const scope = scopes().getStore();
    const text = statementText(args);
    if (scope && (text === null || !(SESSION_WORDS.test(text) || isReadOnlySql(text)))) scope.wrote = true;
    return query(...args);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return marked;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

// How far behind the replica is: the time since it last held everything the primary had written
// (the newest polled primary position it has replayed). An idle primary gives no lag, however old
// the replica's last replayed commit; a paused or slow replica's lag grows with the wall clock.
const HISTORY = 40;

async function pollReplica(primary: ReplicaState["primaryQuery"], state: ReplicaState, heads: { lsn: bigint; at: number }[]): Promise<void> {
  const at = Date.now();
  try {
    const [{ rows: replica }, { rows: current }] = await Promise.all([
      state.pool.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn"),
      primary("SELECT pg_current_wal_insert_lsn()::text AS lsn") as Promise<pg.QueryResult<{ lsn: string }>>,
    ]);
    heads.push({ lsn: parseLsn(current[0]!.lsn), at });
    if (heads.length > HISTORY) heads.shift();
    const replay = replica[0]?.lsn ? parseLsn(replica[0].lsn) : null;
    state.replayLsn = replay;
    state.reachable = replay !== null;
    if (replay === null) return void (state.lagMs = null);
    let held: number | null = null;
    for (const head of heads) if (head.lsn <= replay) held = head.at;
    state.lagMs = held !== null ? at - held : at - heads[0]!.at + POLL_MS;
  } catch {
    state.reachable = false;
    state.lagMs = null;
  }
}

/**
 * Makes `primary` route reads to `replica` inside routing scopes (lib/db/engine/client.ts, once per pool).
 * Without a replica nothing changes.
 */
export function installReadRouting(primary: pg.Pool, replica: pg.Pool | null): void {
  stopReadRouting();
  if (replica) resource(REPLICA, () => routeReads(primary, replica), { stop: stopPolling });
}

function routeReads(primary: pg.Pool, replica: pg.Pool): ReplicaState {
  const primaryQuery = primary.query.bind(primary) as ReplicaState["primaryQuery"];
  const connect = primary.connect.bind(primary) as (...args: unknown[]) => unknown;
  const state: ReplicaState = { pool: replica, primaryQuery, reachable: false, lagMs: null, replayLsn: null, downUntil: 0 };
  replica.on("error", (error) => logger.warn({ err: error }, "idle replica connection failed"));
  Object.assign(primary, {
    query: (...args: unknown[]) => runRouted(state, args),
    connect: (...args: unknown[]) => (args.length > 0 ? connect(...args) : (connect() as Promise<pg.PoolClient>).then(markingConnection)),
  });
  const heads: { lsn: bigint; at: number }[] = [];
  let polling = false;
  const poll = () => {
    // A replica that does not answer holds a poll up to its connection timeout: never two at once.
    if (polling) return;
    polling = true;
    void pollReplica(primaryQuery, state, heads).finally(() => (polling = false));
  };
  state.timer = setInterval(poll, POLL_MS).unref();
  poll();
  return state;
}

function stopPolling(state: ReplicaState): void {
  clearInterval(state.timer);
  void state.pool.end().catch(() => undefined);
}

export function stopReadRouting(): void {
  void stopResource(REPLICA);
}

/** For GET /api/health: null without a replica. */
export function readReplicaHealth(): { status: "ok" | "lagging" | "unavailable"; lag_ms: number | null } | null {
  const state = replicaState();
  if (!state) return null;
  if (!state.reachable || state.lagMs === null) return { status: "unavailable", lag_ms: null };
  return { status: state.lagMs >= MAX_REPLICA_LAG_MS ? "lagging" : "ok", lag_ms: state.lagMs };
}

export interface RoutingSubjects {
  /** Whose writes this request must see: the user (token) and the API key. */
  read: string[];
  /** Who is marked when this request writes. */
  write: string[];
}

/** Whether reads may go to a replica at all (one is configured): callers may then split a read from a bookkeeping write. */
export function hasReadReplica(): boolean {
  return Boolean(replicaState());
}

/**
 * Runs one API request's work in a routing scope; `db` says where its reads ran: "replica" only
 * when every read ran there. A write request (`writes`) reads on the primary throughout. After a
 * request that wrote, the primary's WAL position is recorded for its viewer (at most 30 s), so
 * their next reads, on any instance, wait for the replica to have replayed it.
 */
export async function withReadRouting<T>(
  subjects: RoutingSubjects,
  work: () => Promise<T>,
  options: { writes: boolean },
): Promise<{ result: T; db: "primary" | "replica" }> {
  const state = replicaState();
  if (!state) return { result: await work(), db: "primary" };
  const markLsn = options.writes ? null : await readWriteMarks(subjects.read);
  const scope: RouteScope = { markLsn, markSubjects: subjects.write, primaryOnly: options.writes, wrote: false, replicaReads: 0, primaryReads: 0 };
  try {
    const result = await scopes().run(scope, work);
    return { result, db: !scope.primaryOnly && scope.replicaReads > 0 && scope.primaryReads === 0 ? "replica" : "primary" };
  } finally {
    if (scope.wrote) await markWrite(state, scope.markSubjects);
  }
}

// The insert position, not pg_current_wal_lsn() (the write position): with synchronous_commit off
// a commit returns before its record is written, so only the insert position is surely past it.
async function markWrite(state: ReplicaState, subjects: string[]): Promise<void> {
  try {
    const { rows } = (await state.primaryQuery("SELECT pg_current_wal_insert_lsn()::text AS lsn")) as pg.QueryResult<{ lsn: string }>;
    await recordWriteMark(subjects, parseLsn(rows[0]!.lsn));
  } catch (error) {
    logger.warn({ err: error }, "recording a write's WAL position failed");
  }
}
