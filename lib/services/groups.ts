import "server-only";
import { canManageGroup, canSeeGroup, loadGroupRole, ROLE_LEVEL, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import type { PendingRequestRow } from "@/lib/db/memberships";
import { listPendingForModerators } from "@/lib/services/memberships";
import { evaluateGate, listEvmWalletAddresses, parseGate, type Gate } from "@/lib/services/token-gates";
import {
  countOnlineMembers,
  findGroupDetail,
  isGroupNameTaken,
  countGroups,
  listGroupDirectory,
  type GroupDetailRow,
  type GroupDirectoryRow,
  groupWhere,
  type GroupKey,
} from "@/lib/db/groups";
import { readGroupVersion } from "@/lib/db/read-versions";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { getDb } from "@/lib/db/client";
import { toPageWindow } from "@/lib/db/pagination";
import { inTransaction, isUniqueViolation } from "@/lib/db/transaction";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { GroupSettingsFieldsSchema } from "@/lib/schemas/group-settings-schemas";
import { parseField } from "@/lib/services/parse-field";
import { consumeWalletProof, type WalletProof } from "@/lib/services/wallet-proof";

// The feature list a new group starts with (reference: "Feature names observed").
export const DEFAULT_GROUP_FEATURES = [
  "adminsAndModerators",
  "badges",
  "attached_files",
  "GroupLevelPermission",
  "layout",
  "rewards",
  "share_externally",
  "subscription",
  "topic_organization",
  "discordsettings",
] as const;

/** A group with what its page and get-group-info show around it. */
export interface GroupRecord {
  group: GroupDetailRow;
  onlineMembers: number;
  /** The viewer's role in it. */
  role: GroupRole;
  /** Pending requests, for moderators only (contract section 14's pending_user). */
  pending: PendingRequestRow[];
  /** The token gate, if any. */
  gate: Gate | null;
  /** The viewer's balance of the gate's first ERC-20 (base units), "" when unknown. */
  viewerTokenBalance: string;
}

// A group as everyone sees it, kept per read version (any change in the group moves it); the
// lifetime bounds how old its count of members online may be.
type PublicGroup = Pick<GroupRecord, "group" | "onlineMembers">;
const publicGroups = createVersionedCache<PublicGroup>({ name: "public-groups", max: 1000, ttlMs: 30_000 });

async function loadPublicGroup(key: GroupKey): Promise<PublicGroup> {
  // The version is read before the data: a record is never kept under a version newer than its data.
  const version = await readGroupVersion(key);
  if (version === null) throw new NotFound("group");
  const memoKey = JSON.stringify(groupWhere(key));
  const kept = publicGroups.find(memoKey, version);
  if (kept) return kept;
  const group = await findGroupDetail(key);
  if (!group) throw new NotFound("group");
  const record = { group, onlineMembers: await countOnlineMembers(group.id) };
  publicGroups.keep(memoKey, version, record);
  return record;
}

/** The viewer's balance of the gate's first ERC-20 rule, or "" (no such rule, no wallet, no answer from the chain). */
async function readViewerTokenBalance(actor: Actor, gate: Gate | null): Promise<string> {
  const rule = gate?.rules.find((candidate) => candidate.type === "erc20");
  if (!actor || !gate || !rule) return "";
  try {
    const check = await evaluateGate({ logic: "all", rules: [rule] }, await listEvmWalletAddresses(actor.id));
    return check.rules[0]?.balance ?? "";
  } catch {
    return "";
  }
}

/**
 * Endpoint 4 and the group pages: a group by id or handle, as `actor` sees it. A hidden group is
 * NotFound for non-members (contract section 14); a private one's card is visible to everyone.
 */
export async function getGroup(actor: Actor, key: GroupKey): Promise<GroupRecord> {
  const record = await loadPublicGroup(key);
  const role = await loadGroupRole(actor, record.group.id);
  if (!role || !canSeeGroup(role)) throw new NotFound("group");
  const gate = parseGate(record.group.gate);
  const [pending, viewerTokenBalance] = await Promise.all([listPendingForModerators(role), readViewerTokenBalance(actor, gate)]);
  return { ...record, role, pending, gate, viewerTokenBalance };
}

/** The home page's communities, most recently active first (the place hidden groups will be left out). */
/** The home page's communities, a page at a time, with how many there are. */
export async function listCommunities(actor: Actor, page: number, perPage: number): Promise<{ groups: GroupDirectoryRow[]; total: number }> {
  const userId = actor?.id ?? null;
  const [groups, total] = await Promise.all([listGroupDirectory(toPageWindow(page, perPage), userId), countGroups(userId)]);
  return { groups, total };
}

export interface GroupFields {
  title: string;
  description: string;
  cover: string;
  logo: string;
}

/**
 * Endpoint 5 and the New community page: a group owned by the actor, who becomes its level-1
 * admin and first member. A wallet proof, when given, is spent in the insert's transaction: a
 * taken name leaves the message usable, and of two requests racing with it only one creates a group.
 */
export async function createGroup(
  actor: SignedIn,
  input: GroupFields & { name: string },
  options: { proof?: WalletProof } = {},
): Promise<{ id: number; name: string }> {
  const fields = parseField(CreateGroupFieldsSchema, input, "group");
  if (await isGroupNameTaken(fields.name)) throw new Conflict(`name: group name "${fields.name}" is already taken`, "name");
  const { proof } = options;
  try {
    return await inTransaction(async (tx) => {
      if (proof) await consumeWalletProof(proof, tx);
      return tx.group.create({
        data: {
          ...fields,
          name: fields.name.toLowerCase(),
          ownerId: actor.id,
          membersCount: 1,
          settings: { layout_type: "forum", show_link_preview: "1", show_poll_cate: "0" },
          features: { create: DEFAULT_GROUP_FEATURES.map((featureName) => ({ featureName, isSetting: 0, status: 1 })) },
          admins: { create: { userId: actor.id, level: ROLE_LEVEL.owner } },
          members: { create: { userId: actor.id } },
        },
        select: { id: true, name: true },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw new Conflict(`group name "${input.name}" is already taken`, "name");
    throw error;
  }
}

/** The group settings page: title, description, cover and logo, by its owner or an admin. */
export async function updateGroupSettings(actor: SignedIn, groupId: number, input: GroupFields): Promise<void> {
  const fields = parseField(GroupSettingsFieldsSchema, input, "group");
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can change its settings");
  const db = await getDb();
  await db.group.update({ where: { id: groupId }, data: fields, select: { id: true } });
}

export interface GroupPolicyInput {
  joining?: number;
  visibility?: number;
  openReadonly?: "0" | "1";
  attachedFiles?: { allow_everyone?: number; allow_post?: number; allow_all_file_type?: "0" | "1" };
}

/** Contract section 14's group settings: joining, visibility, read-only for non-members, attachment rules (admins). */
export async function updateGroupPolicy(actor: SignedIn, groupId: number, input: GroupPolicyInput): Promise<GroupRecord> {
  await inTransaction(async (tx) => {
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role || !canSeeGroup(role)) throw new NotFound("group");
    if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can change its settings");
    const current = await tx.group.findUnique({ where: { id: groupId }, select: { attachedFiles: true } });
    const files = { allow_everyone: 1, allow_post: 1, allow_all_file_type: "0", ...(current?.attachedFiles as object | null), ...input.attachedFiles };
    await tx.group.update({
      where: { id: groupId },
      data: {
        ...(input.joining !== undefined ? { joining: input.joining } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility, privacyType: String(input.visibility) } : {}),
        ...(input.openReadonly !== undefined ? { openReadonly: input.openReadonly } : {}),
        ...(input.attachedFiles !== undefined ? { attachedFiles: files } : {}),
      },
      select: { id: true },
    });
  });
  return getGroup(actor, { id: groupId });
}
