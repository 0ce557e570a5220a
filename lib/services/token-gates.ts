import "server-only";
import { checkGateAllowed } from "@/lib/services/archives";
import { canManageGroup, canModerate, loadGroupRole, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { deleteMember, markGateChecked } from "@/lib/db/memberships";
import { recordModAction } from "@/lib/db/modlog";
import { forgetGroupThreads } from "@/lib/db/notifications";
import type { GroupVisibility } from "@/lib/db/records/codes";
import { findGroupGate, listStaleGateMembers, saveGroupGate, type Gate } from "@/lib/db/token-gates";
import { inTransaction } from "@/lib/db/engine/transaction";
import { listEvmWalletAddresses } from "@/lib/db/wallets";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";
import { gateRecheckMs, readBalance, readRpcUrls, readTokenMetadata } from "@/lib/services/chain-balances";

// Token gates (contract section 14): rules over ERC-20/721/1155 and native balances, held by the
// sum over a user's EVM wallets; "all" needs every rule, "any" one of them.

export type { Gate };

export interface GateCheck {
  eligible: boolean;
  checkedAt: Date;
  rules: { index: number; met: boolean; balance: string; required: string }[];
}

async function loadGate(groupId: number): Promise<Gate | null> {
  const found = await findGroupGate(groupId);
  if (!found) throw new NotFound("group");
  return found.gate;
}

/** Evaluates a gate over wallets: each rule's balance is the sum over them. */
export async function evaluateGate(gate: Gate, wallets: readonly string[], options: { fresh?: boolean } = {}): Promise<GateCheck> {
  const rules = await Promise.all(
    gate.rules.map(async (rule, index) => {
      const amounts = await Promise.all(wallets.map((wallet) => readBalance(rule, wallet, options)));
      const balance = amounts.reduce((sum, amount) => sum + amount, 0n);
      return { index, met: balance >= BigInt(rule.min_amount), balance: balance.toString(), required: rule.min_amount };
    }),
  );
  const eligible = gate.logic === "all" ? rules.every((rule) => rule.met) : rules.some((rule) => rule.met);
  return { eligible, checkedAt: new Date(), rules };
}

/** Whether the group's gate holds for the user now (a group without a gate holds for no one). */
export async function checkGroupGate(userId: number, groupId: number, options: { fresh?: boolean } = {}): Promise<GateCheck> {
  const gate = await loadGate(groupId);
  if (!gate) return { eligible: false, checkedAt: new Date(), rules: [] };
  return evaluateGate(gate, await listEvmWalletAddresses(userId), options);
}

/** What is missing, for a refused join: "rule 1 needs 100 and your wallets hold 0". */
export function describeUnmetGate(check: GateCheck): string {
  if (check.rules.length === 0) return "it has no gate configured";
  const unmet = check.rules.filter((rule) => !rule.met);
  return unmet.map((rule) => `rule ${rule.index + 1} needs ${rule.required} and your wallets hold ${rule.balance}`).join("; ");
}

/** GET gate/check: the signed-in user's standing against a group's gate (NotFound when it has none). */
export async function checkMyGate(actor: SignedIn, groupId: number): Promise<GateCheck> {
  const role = await loadGroupRole(actor, groupId);
  if (!role || (role.policy.visibility === "hidden" && !role.member && role.adminRole === null && !role.superAdmin)) throw new NotFound("group");
  const gate = await loadGate(groupId);
  if (!gate) throw new NotFound("gate", "gate not found: this group has no token gate");
  return evaluateGate(gate, await listEvmWalletAddresses(actor.id));
}

/** Admins set (or, with no rules, remove) the gate; the group's token fields are read from the first ERC-20 rule's contract. */
export async function setGroupGate(actor: SignedIn, groupId: number, input: Gate): Promise<Gate | null> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can change its token gate");
  checkGateAllowed(role.policy, input.rules.length > 0);
  const chains = readRpcUrls();
  input.rules.forEach((rule, index) => {
    if (!chains.has(rule.chain_id)) throw new Invalid("rules", `rule ${index + 1}: the server has no RPC for chain ${rule.chain_id}`);
  });
  if (input.rules.length === 0) {
    await saveGroupGate(groupId, null, null);
    return null;
  }
  const erc20 = input.rules.find((rule) => rule.type === "erc20");
  const meta = erc20 ? await readTokenMetadata(erc20.chain_id, erc20.contract_address) : null;
  const token = erc20 && meta ? { address: erc20.contract_address, name: meta.name, symbol: meta.symbol, decimals: meta.decimals } : null;
  await saveGroupGate(groupId, input, token);
  return input;
}

/** A group's gate as stored, for get group info and the settings page. */
export async function readGroupGate(groupId: number): Promise<Gate | null> {
  return loadGate(groupId);
}

/** Ends a membership the gate no longer holds for: modlog `gate` (no moderator), no notification. */
async function removeByGate(groupId: number, userId: number, visibility: GroupVisibility): Promise<void> {
  await inTransaction(async (tx) => {
    if (!(await deleteMember(tx, groupId, userId))) return;
    if (visibility !== "public") await forgetGroupThreads(tx, groupId, userId);
    await recordModAction(tx, {
      groupId,
      moderatorId: null,
      action: "gate",
      targetType: "user",
      targetId: userId,
      reason: "no longer holds the required tokens",
    });
  });
}

function isStale(checkedAt: Date | null): boolean {
  return checkedAt === null || Date.now() - checkedAt.getTime() > gateRecheckMs();
}

/**
 * Before a member's write in a gated group: once their last check is stale, the gate is read
 * again; a member it no longer holds for is removed and the write refused.
 */
export async function ensureGateHolds(actor: SignedIn, role: GroupRole): Promise<void> {
  if (role.policy.joining !== "gate" || !role.policy.hasGate || !role.member || canModerate(role)) return;
  if (!isStale(role.gateCheckedAt)) return;
  const check = await checkGroupGate(actor.id, role.groupId);
  if (check.eligible) {
    await markGateChecked(role.groupId, actor.id, check.checkedAt);
    return;
  }
  await removeByGate(role.groupId, actor.id, role.policy.visibility);
  throw new Forbidden(`You no longer hold the tokens this group requires: ${describeUnmetGate(check)}`);
}

/** The periodic sweep: members of gated groups whose last check is stale are checked against the chain; those it no longer holds for leave. */
export async function sweepGates(limit = 500): Promise<{ checked: number; removed: number }> {
  const stale = await listStaleGateMembers(new Date(Date.now() - gateRecheckMs()), limit);
  let removed = 0;
  for (const member of stale) {
    // Moderators are members by their role, whatever they hold.
    if (member.hasRole) {
      await markGateChecked(member.groupId, member.userId, new Date());
      continue;
    }
    try {
      const check = await checkGroupGate(member.userId, member.groupId, { fresh: true });
      if (check.eligible) await markGateChecked(member.groupId, member.userId, check.checkedAt);
      else {
        await removeByGate(member.groupId, member.userId, member.visibility);
        removed += 1;
      }
    } catch (error) {
      // An RPC that does not answer removes no one: the member is checked again next time.
      logger.warn({ err: error, groupId: member.groupId }, "gate sweep could not read balances");
    }
  }
  return { checked: stale.length, removed };
}
