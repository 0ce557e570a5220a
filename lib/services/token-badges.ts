import "server-only";
import { deleteUserBadge, insertUserBadge, listBadgeHolderIds, listGroupMemberIds } from "@/lib/db/badge-holders";
import { listTokenBadges, findBadge, type BadgeRecord } from "@/lib/db/badges";
import { inTransaction } from "@/lib/db/engine/transaction";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import { listEvmWalletAddressesOf } from "@/lib/db/wallets";
import { logger } from "@/lib/log";
import { evaluateGate } from "@/lib/services/token-gates";

// Token badges (contract section 19): on the gate sweep's schedule (AGORA_GATE_SWEEP_MS) each
// member of a group with a token badge is checked against its rule over all their wallets;
// those who now hold it get it (and are notified), holders who no longer do, or who left, lose it.

// A sweep reads at most this many members of a group per badge (balances are kept a while).
const MEMBERS_PER_SWEEP = 2_000;

async function holdsToken(badge: BadgeRecord, wallets: string[]): Promise<boolean> {
  if (!badge.token) return false;
  const check = await evaluateGate({ logic: "all", rules: [badge.token] }, wallets);
  return check.eligible;
}

async function grant(badgeId: number, userId: number): Promise<boolean> {
  return inTransaction(async (tx) => {
    // The badge is read again under its lock: an admin may have changed or deleted it meanwhile.
    const badge = await findBadge(badgeId, tx);
    if (!badge || badge.kind !== "token") return false;
    return (await insertUserBadge(tx, badge, userId, null, "")) !== null;
  });
}

async function revoke(badgeId: number, userId: number): Promise<boolean> {
  return inTransaction(async (tx) => {
    const badge = await findBadge(badgeId, tx);
    if (!badge || badge.kind !== "token") return false;
    return deleteUserBadge(tx, badgeId, userId);
  });
}

async function sweepBadge(badge: BadgeRecord): Promise<{ granted: number; revoked: number }> {
  const members = await listGroupMemberIds(badge.groupId, MEMBERS_PER_SWEEP);
  const holders = new Set(await listBadgeHolderIds(badge.id));
  const memberSet = new Set(members);
  const wallets = await listEvmWalletAddressesOf(members);
  let granted = 0;
  let revoked = 0;
  for (const userId of new Set([...members, ...holders])) {
    try {
      const qualifies = memberSet.has(userId) && (await holdsToken(badge, wallets.get(userId) ?? []));
      if (qualifies && !holders.has(userId) && (await grant(badge.id, userId))) granted += 1;
      if (!qualifies && holders.has(userId) && (await revoke(badge.id, userId))) revoked += 1;
    } catch (error) {
      // An RPC that does not answer changes nobody's badge: they are checked again next time.
      logger.warn({ err: error, badgeId: badge.id }, "token badge sweep could not read balances");
    }
  }
  return { granted, revoked };
}

/** One sweep over every token badge of groups whose `badges` feature is on. */
export async function sweepTokenBadges(): Promise<{ granted: number; revoked: number }> {
  const total = { granted: 0, revoked: 0 };
  for (const badge of await listTokenBadges()) {
    if (!(await isGroupFeatureOn(badge.groupId, "badges"))) continue;
    const swept = await sweepBadge(badge);
    total.granted += swept.granted;
    total.revoked += swept.revoked;
  }
  return total;
}
