import "server-only";
import type { Tx } from "@/lib/db/engine/transaction";

export interface PruneCutoffs {
  /** Tokens that expired or were revoked before it go. */
  tokens: Date;
  nonces: Date;
  liveEvents: Date;
}

export interface PruneResult {
  tokens: number;
  nonces: number;
  events: number;
}

/** Takes the transaction lock `key`, or answers false when another transaction holds it. */
export async function tryTransactionLock(tx: Tx, key: number): Promise<boolean> {
  const [lock] = await tx.$queryRaw<{ taken: boolean }[]>`SELECT pg_try_advisory_xact_lock(${key}::bigint) AS taken`;
  return lock?.taken === true;
}

/** Deletes the user tokens, wallet nonces and live events older than their cutoffs. */
export async function deleteExpiredRecords(tx: Tx, cutoffs: PruneCutoffs): Promise<PruneResult> {
  const tokens = await tx.authToken.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoffs.tokens } }, { revokedAt: { lt: cutoffs.tokens } }] } });
  const nonces = await tx.walletNonce.deleteMany({ where: { expiresAt: { lt: cutoffs.nonces } } });
  const events = await tx.liveEvent.deleteMany({ where: { createdAt: { lt: cutoffs.liveEvents } } });
  return { tokens: tokens.count, nonces: nonces.count, events: events.count };
}
