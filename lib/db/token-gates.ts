import "server-only";
import { getDb } from "@/lib/db/engine/client";
import { readVisibility, type GroupVisibility } from "@/lib/db/records/codes";
import type { GateRule } from "@/lib/schemas/membership-schemas";

// A group's token gate (contract section 14), stored as JSON on the group with the ERC-20 token it
// shows, and the members a sweep checks against it.

export interface Gate {
  logic: "all" | "any";
  rules: GateRule[];
}

const RULE_TYPES = new Set(["erc20", "erc721", "erc1155", "native"]);

/** A stored rule (as GateRuleSchema wrote it), or null for anything else (gates and token badges). */
export function parseStoredGateRule(value: unknown): GateRule | null {
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
  const rules = Array.isArray(raw.rules) ? raw.rules.map(parseStoredGateRule).filter((rule): rule is GateRule => rule !== null) : [];
  if (rules.length === 0) return null;
  return { logic: raw.logic === "any" ? "any" : "all", rules };
}

/** The group's gate (null: it has none); null for no such group. */
export async function findGroupGate(groupId: number): Promise<{ gate: Gate | null } | null> {
  const db = await getDb();
  const row = await db.group.findUnique({ where: { id: groupId }, select: { gate: true } });
  return row ? { gate: parseGate(row.gate) } : null;
}

/** The ERC-20 token a gated group shows (get group info's erc20_token), as the reference stores it. */
export interface GateToken {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
}

/** Stores the gate (null removes it), the token it shows and the chain of its first rule. */
export async function saveGroupGate(groupId: number, gate: Gate | null, token: GateToken | null): Promise<void> {
  const db = await getDb();
  const erc20Token = token && {
    status: "1",
    is_import: "0",
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    decimal: String(token.decimals),
    logo: "",
  };
  await db.group.update({
    where: { id: groupId },
    data: {
      gate: (gate && { logic: gate.logic, rules: gate.rules }) as never,
      erc20Token: erc20Token as never,
      chainType: gate ? String(gate.rules[0]!.chain_id) : "",
    },
    select: { id: true },
  });
}

/** A member of a gated group whose last check is older than the cutoff. */
export interface StaleGateMember {
  groupId: number;
  userId: number;
  visibility: GroupVisibility;
  /** The owner or one of its moderators: a member by their role, whatever they hold. */
  hasRole: boolean;
}

/** Members of groups joined by token gate (joining 3) whose last check is stale, never-checked first. */
export async function listStaleGateMembers(cutoff: Date, limit: number): Promise<StaleGateMember[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ group_id: number; user_id: number; visibility: number; owner_id: number; level: number | null }[]>`
    SELECT m.group_id, m.user_id, g.visibility, g.owner_id, ga.level
    FROM group_members m JOIN groups g ON g.id = m.group_id
    LEFT JOIN group_admins ga ON ga.group_id = m.group_id AND ga.user_id = m.user_id AND ga.deleted_at IS NULL
    WHERE g.joining = 3 AND g.gate IS NOT NULL AND (m.gate_checked_at IS NULL OR m.gate_checked_at < ${cutoff})
    ORDER BY m.gate_checked_at NULLS FIRST, m.id LIMIT ${limit}`;
  return rows.map((row) => ({
    groupId: row.group_id,
    userId: row.user_id,
    visibility: readVisibility(row.visibility),
    hasRole: row.owner_id === row.user_id || row.level !== null,
  }));
}
