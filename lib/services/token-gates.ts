import "server-only";
import { canManageGroup, canModerate, loadGroupRole, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { deleteMember, markGateChecked } from "@/lib/db/memberships";
import { recordModAction } from "@/lib/db/modlog";
import { forgetGroupThreads } from "@/lib/db/notifications";
import { inTransaction } from "@/lib/db/transaction";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";
import type { GateRule } from "@/lib/schemas/membership-schemas";
import { gateRecheckMs, readBalance, readRpcUrls, readTokenMetadata } from "@/lib/services/chain-balances";

// Token gates (contract section 14): rules over ERC-20/721/1155 and native balances, held by the
// sum over a user's EVM wallets; "all" needs every rule, "any" one of them.

export interface Gate {
  logic: "all" | "any";
  rules: GateRule[];
}

export interface GateCheck {
  eligible: boolean;
  checkedAt: Date;
  rules: { index: number; met: boolean; balance: string; required: string }[];
}

const RULE_TYPES = new Set(["erc20", "erc721", "erc1155", "native"]);

/** A stored rule (as GateRuleSchema wrote it), or null for anything else. */
function parseStoredRule(value: unknown): GateRule | null {
  if (value === null || typeof value !== "object") return null;
  const rule = value as Record<string, unknown>;
  if (typeof rule.type !== "string" || !RULE_TYPES.has(rule.type) || typeof rule.chain_id !== "number") return null;
  if (typeof rule.min_amount !== "string" || !/^\d+$/.test(rule.min_amount)) return null;
  const address = typeof rule.contract_address === "string" ? rule.contract_address : "";
  if (rule.type !== "native" && !/^0x[0-9a-f]{40}$/.test(address)) return null;
  const tokenId = typeof rule.token_id === "string" && /^\d*$/.test(rule.token_id) ? rule.token_id : "";
  return { type: rule.type as GateRule["type"], chain_id: rule.chain_id, contract_address: address, token_id: tokenId, min_amount: rule.min_amount };
}

/** A stored gate, or null (none, or a row that is not a gate). */
export function parseGate(value: unknown): Gate | null {
  if (value === null || typeof value !== "object") return null;
  const raw = value as { logic?: unknown; rules?: unknown };
  const rules = Array.isArray(raw.rules) ? raw.rules.map(parseStoredRule).filter((rule): rule is GateRule => rule !== null) : [];
  if (rules.length === 0) return null;
  return { logic: raw.logic === "any" ? "any" : "all", rules };
}

async function loadGate(groupId: number): Promise<Gate | null> {
  const db = await getDb();
  const row = await db.group.findUnique({ where: { id: groupId }, select: { gate: true } });
  if (!row) throw new NotFound("group");
  return parseGate(row.gate);
}

/** A user's EVM-style wallet addresses (types 5, 1, 2). */
export async function listEvmWalletAddresses(userId: number): Promise<string[]> {
  const db = await getDb();
  const wallets = await db.wallet.findMany({ where: { userId, type: { in: [1, 2, 5] } }, select: { address: true } });
  return wallets.map((wallet) => wallet.address).filter((address) => /^0x[0-9a-f]{40}$/i.test(address));
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
  if (!role || (role.policy.visibility >= 2 && !role.member && role.level === null && !role.superAdmin)) throw new NotFound("group");
  const gate = await loadGate(groupId);
  if (!gate) throw new NotFound("gate", "gate not found: this group has no token gate");
  return evaluateGate(gate, await listEvmWalletAddresses(actor.id));
}

/** Admins set (or, with no rules, remove) the gate; the group's token fields are read from the first ERC-20 rule's contract. */
export async function setGroupGate(actor: SignedIn, groupId: number, input: Gate): Promise<Gate | null> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can change its token gate");
  const chains = readRpcUrls();
  input.rules.forEach((rule, index) => {
    if (!chains.has(rule.chain_id)) throw new Invalid("rules", `rule ${index + 1}: the server has no RPC for chain ${rule.chain_id}`);
  });
  const db = await getDb();
  if (input.rules.length === 0) {
    await db.group.update({ where: { id: groupId }, data: { gate: null as never, erc20Token: null as never, chainType: "" }, select: { id: true } });
    return null;
  }
  const erc20 = input.rules.find((rule) => rule.type === "erc20");
  const meta = erc20 ? await readTokenMetadata(erc20.chain_id, erc20.contract_address) : null;
  const token =
    erc20 && meta
      ? { status: "1", is_import: "0", address: erc20.contract_address, name: meta.name, symbol: meta.symbol, decimal: String(meta.decimals), logo: "" }
      : null;
  await db.group.update({
    where: { id: groupId },
    data: { gate: { logic: input.logic, rules: input.rules }, erc20Token: (token ?? null) as never, chainType: String(input.rules[0]!.chain_id) },
    select: { id: true },
  });
  return input;
}

/** A group's gate as stored, for get group info and the settings page. */
export async function readGroupGate(groupId: number): Promise<Gate | null> {
  return loadGate(groupId);
}

/** Ends a membership the gate no longer holds for: modlog `gate` (no moderator), no notification. */
async function removeByGate(groupId: number, userId: number, visibility: number): Promise<void> {
  await inTransaction(async (tx) => {
    if (!(await deleteMember(tx, groupId, userId))) return;
    if (visibility !== 0) await forgetGroupThreads(tx, groupId, userId);
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
  if (role.policy.joining !== 3 || !role.policy.hasGate || !role.member || canModerate(role)) return;
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
  const db = await getDb();
  const cutoff = new Date(Date.now() - gateRecheckMs());
  const stale = await db.$queryRaw<{ group_id: number; user_id: number; visibility: number; owner_id: number; level: number | null }[]>`
    SELECT m.group_id, m.user_id, g.visibility, g.owner_id, ga.level
    FROM group_members m JOIN groups g ON g.id = m.group_id
    LEFT JOIN group_admins ga ON ga.group_id = m.group_id AND ga.user_id = m.user_id AND ga.deleted_at IS NULL
    WHERE g.joining = 3 AND g.gate IS NOT NULL AND (m.gate_checked_at IS NULL OR m.gate_checked_at < ${cutoff})
    ORDER BY m.gate_checked_at NULLS FIRST, m.id LIMIT ${limit}`;
  let removed = 0;
  for (const row of stale) {
    // Moderators are members by their role, whatever they hold.
    if (row.owner_id === row.user_id || row.level !== null) {
      await markGateChecked(row.group_id, row.user_id, new Date());
      continue;
    }
    try {
      const check = await checkGroupGate(row.user_id, row.group_id, { fresh: true });
      if (check.eligible) await markGateChecked(row.group_id, row.user_id, check.checkedAt);
      else {
        await removeByGate(row.group_id, row.user_id, row.visibility);
        removed += 1;
      }
    } catch (error) {
      // An RPC that does not answer removes no one: the member is checked again next time.
      logger.warn({ err: error, groupId: row.group_id }, "gate sweep could not read balances");
    }
  }
  return { checked: stale.length, removed };
}
