import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { inTransaction } from "@/lib/db/engine/transaction";
import { getEnv } from "@/lib/env";
import { sweepGates } from "@/lib/services/token-gates";
import { logger } from "@/lib/log";
import { sweepOrphanUploads } from "@/lib/services/uploads";
import { NONCE_RETENTION_MS } from "@/lib/services/wallet-auth";

// Expired and revoked tokens stay a week (a client asking why its token stopped working can
// still be answered from the row), then go.
export const TOKEN_RETENTION_MS = 7 * 86_400_000;
// Live events are for clients catching up after a dropped connection (Last-Event-ID): a day is plenty.
export const LIVE_EVENT_RETENTION_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;
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
 * LIVE_EVENT_RETENTION_MS. One instance at a
 * time: the others find the transaction lock taken and answer null.
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

const globalForJobs = globalThis as unknown as { agoraMaintenance?: NodeJS.Timeout; agoraGateSweep?: NodeJS.Timeout };
// Any constant works; the same for every instance: one sweeps at a time.
export const GATE_SWEEP_LOCK_KEY = 7_274_070_295;

/** Token gates (contract section 14): members whose last check is stale are checked; one instance at a time (a session advisory lock). */
async function runGateSweep(): Promise<void> {
  try {
    const swept = await withSessionLock(GATE_SWEEP_LOCK_KEY, () => sweepGates());
    if (swept && swept.removed > 0) logger.info(swept, "token gate sweep removed members who no longer qualify");
  } catch (error) {
    logger.warn({ err: error }, "token gate sweep failed; retrying at the next interval");
  }
}

/** Runs `work` while holding a session-level advisory lock on its own connection, or answers null when another instance holds it. */
async function withSessionLock<T>(key: number, work: () => Promise<T>): Promise<T | null> {
  const pool = await getPool();
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ taken: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS taken", [key]);
    if (!rows[0]?.taken) return null;
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]);
    }
  } finally {
    client.release();
  }
}

async function runPrune(): Promise<void> {
  try {
    const pruned = await pruneAuthRecords();
    if (pruned && (pruned.tokens > 0 || pruned.nonces > 0 || pruned.events > 0)) logger.info(pruned, "pruned expired tokens, nonces and live events");
  } catch (error) {
    logger.warn({ err: error }, "pruning tokens and nonces failed; retrying at the next interval");
  }
  try {
    // Uploads never attached to a post within a day (a cancelled draft) go, with their content
    // when nothing else refers to it. Instances may both sweep: each removal is idempotent.
    const swept = await sweepOrphanUploads();
    if (swept > 0) logger.info({ uploads: swept }, "removed unattached uploads");
  } catch (error) {
    logger.warn({ err: error }, "sweeping unattached uploads failed; retrying at the next interval");
  }
}

/** Once per process (instrumentation.ts): prune now and every hour; the timer never keeps the process alive. */
export function startMaintenance(): void {
  if (globalForJobs.agoraMaintenance) return;
  globalForJobs.agoraMaintenance = setInterval(() => void runPrune(), PRUNE_EVERY_MS).unref();
  void runPrune();
  globalForJobs.agoraGateSweep = setInterval(() => void runGateSweep(), getEnv().AGORA_GATE_SWEEP_MS).unref();
}

export function stopMaintenance(): void {
  clearInterval(globalForJobs.agoraMaintenance);
  clearInterval(globalForJobs.agoraGateSweep);
  globalForJobs.agoraMaintenance = undefined;
  globalForJobs.agoraGateSweep = undefined;
}
