import "server-only";
import { inTransaction } from "@/lib/db/engine/transaction";
import { deleteExpiredRecords, tryTransactionLock, type PruneResult } from "@/lib/db/pruning";
import { NONCE_RETENTION_MS } from "@/lib/services/wallet-auth";

// Expired and revoked tokens stay a week (a client asking why its token stopped working can
// still be answered from the row), then go.
export const TOKEN_RETENTION_MS = 7 * 86_400_000;
// Live events are for clients catching up after a dropped connection (Last-Event-ID): a day is plenty.
export const LIVE_EVENT_RETENTION_MS = 86_400_000;
// Any constant works; it only has to be the same for every instance of Agora.
export const PRUNE_LOCK_KEY = 7_274_070_294;

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
