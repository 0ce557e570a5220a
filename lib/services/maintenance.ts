import "server-only";
import { inTransaction } from "@/lib/db/transaction";
import { NONCE_RETENTION_MS } from "@/lib/services/wallet-auth";

// Expired and revoked tokens stay a week (a client asking why its token stopped working can
// still be answered from the row), then go.
export const TOKEN_RETENTION_MS = 7 * 86_400_000;
// Live events are for clients catching up after a dropped connection (Last-Event-ID): a day is plenty.
export const LIVE_EVENT_RETENTION_MS = 86_400_000;
// Any constant works; it only has to be the same for every instance of Agora.
export const PRUNE_LOCK_KEY = 7_274_070_294;

export interface PruneResult {
  tokens: number;
  nonces: number;
  events: number;
}

/**
 * Deletes user tokens that expired or were revoked more than TOKEN_RETENTION_MS before `now`,
 * wallet nonces that expired more than NONCE_RETENTION_MS before it, and live events older than
 * LIVE_EVENT_RETENTION_MS. Hourly, from the job queue (lib/jobs/prune-auth-records.ts); a second
 * caller meanwhile (a script, another queue's run) finds the transaction lock taken and answers null.
 */
export async function pruneAuthRecords(now = new Date()): Promise<PruneResult | null> {
  const tokenCutoff = new Date(now.getTime() - TOKEN_RETENTION_MS);
  const nonceCutoff = new Date(now.getTime() - NONCE_RETENTION_MS);
  return inTransaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`SELECT pg_try_advisory_xact_lock(${PRUNE_LOCK_KEY}::bigint) AS taken`;
    if (!lock?.taken) return null;
    const tokens = await tx.authToken.deleteMany({ where: { OR: [{ expiresAt: { lt: tokenCutoff } }, { revokedAt: { lt: tokenCutoff } }] } });
    const nonces = await tx.walletNonce.deleteMany({ where: { expiresAt: { lt: nonceCutoff } } });
    const events = await tx.liveEvent.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - LIVE_EVENT_RETENTION_MS) } } });
    return { tokens: tokens.count, nonces: nonces.count, events: events.count };
  });
}
