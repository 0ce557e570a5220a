import "server-only";
import { inTransaction } from "@/lib/db/engine/transaction";
import { findCounterDrift, fixTalliedCounters, fixThreadCounters, type CounterDrift, type RecountScope } from "@/lib/db/counter-recount";
import { deleteExpiredRecords, tryTransactionLock, type PruneResult } from "@/lib/db/pruning";
import { refreshPastThreadRankings } from "@/lib/db/thread-rankings";
import { recountAllTagThreads } from "@/lib/db/thread-tags";
import { NONCE_RETENTION_MS } from "@/lib/services/wallet-auth";

// Expired and revoked tokens stay a week (a client asking why its token stopped working can
// still be answered from the row), then go.
export const TOKEN_RETENTION_MS = 7 * 86_400_000;
// Live events are for clients catching up after a dropped connection (Last-Event-ID): a day is plenty.
export const LIVE_EVENT_RETENTION_MS = 86_400_000;
// Any constant works; it only has to be the same for every instance of Agora.
export const PRUNE_LOCK_KEY = 7_274_070_294;
export const RECOUNT_LOCK_KEY = 7_274_070_295;

export type { PruneResult };

/**
 * Deletes user tokens that expired or were revoked more than TOKEN_RETENTION_MS before `now`,
 * wallet nonces that expired more than NONCE_RETENTION_MS before it, and live events older than
 * LIVE_EVENT_RETENTION_MS. Hourly, from the job queue (lib/jobs/prune-auth-records.ts); a second
 * caller meanwhile (a script, another queue's run) finds the transaction lock taken and answers null.
 */
export async function pruneAuthRecords(now = new Date()): Promise<PruneResult | null> {
  const cutoffs = {
    tokens: new Date(now.getTime() - TOKEN_RETENTION_MS),
    nonces: new Date(now.getTime() - NONCE_RETENTION_MS),
    liveEvents: new Date(now.getTime() - LIVE_EVENT_RETENTION_MS),
  };
  return inTransaction(async (tx) => {
    if (!(await tryTransactionLock(tx, PRUNE_LOCK_KEY))) return null;
    return deleteExpiredRecords(tx, cutoffs);
  });
}

/**
 * Recomputes the counters posts move (lib/db/counter-recount.ts) and sets the ones that drifted
 * from their rows; answers what it found (nothing, when every write kept them exact). Hourly, from
 * the job queue (lib/jobs/recount-post-counters.ts), or on demand; a second caller meanwhile finds
 * the transaction lock taken and answers null.
 */
export async function recountPostCounters(scope: RecountScope = {}): Promise<CounterDrift[] | null> {
  const drift = await findCounterDrift(scope);
  const ids = (table: CounterDrift["table"]) => [...new Set(drift.filter((row) => row.table === table).map((row) => row.id))];
  // Two transactions: fixing a thread moves its group's tallies (threads, then tallies, as posts
  // lock them), and the groups' and users' rows come after no thread lock (a post takes its
  // thread's row before its group's).
  const threads = await inTransaction(async (tx) => {
    if (!(await tryTransactionLock(tx, RECOUNT_LOCK_KEY))) return false;
    await fixThreadCounters(tx, ids("threads"));
    return true;
  });
  if (!threads) return null;
  await inTransaction(async (tx) => {
    if (await tryTransactionLock(tx, RECOUNT_LOCK_KEY)) await fixTalliedCounters(tx, ids("groups"), ids("users"));
  });
  return drift;
}

/**
 * Moves the top and hot feeds' sums on when a UTC day ends (the day that left each window stops
 * counting); answers how many threads moved. Every minute from the job queue
 * (lib/jobs/refresh-thread-rankings.ts): a run on a day already moved on reads one index entry.
 */
export async function refreshThreadRankings(): Promise<number> {
  return refreshPastThreadRankings();
}

/**
 * Contract section 18: each tag's count of live threads, proved against thread_tags and set where
 * it drifted (the writes keep it: lib/db/thread-tags.ts). How many tags were set, or null when
 * another caller holds the lock.
 */
export async function recountTagThreads(): Promise<number | null> {
  return inTransaction(async (tx) => ((await tryTransactionLock(tx, RECOUNT_LOCK_KEY)) ? recountAllTagThreads(tx) : null));
}
