import "server-only";
import { isGroupMuted } from "@/lib/db/mutes";
import { canManageGroup, canReadGroup, canSeeGroup, loadGroupRole, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import type { AttachRules } from "@/lib/db/attach-rules";
import type { PendingRequestRow } from "@/lib/db/memberships";
import { listPendingForModerators } from "@/lib/services/memberships";
import { evaluateGate, type Gate } from "@/lib/services/token-gates";
import {
  countOnlineMembers,
  findGroupDetail,
  isGroupNameTaken,
  countGroups,
  hasHiddenGroupAccess,
  listGroupDirectory,
  type GroupCard,
  type GroupDetail,
  groupWhere,
  type GroupKey,
} from "@/lib/db/groups";
import { readGroupVersion } from "@/lib/db/read-versions";
import { setPollCategories } from "@/lib/services/poll-categories";
import { listEvmWalletAddresses } from "@/lib/db/wallets";
import { listGroupTags, type TagRecord } from "@/lib/db/tags";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { checkArchiveChange } from "@/lib/services/archives";
import { findGroupAttachRules, insertGroup, lockGroupRow, updateGroupPageFields, updateGroupPolicyColumns, type GroupPageFields } from "@/lib/db/group-writes";
import type { GroupJoining, GroupVisibility } from "@/lib/db/records/codes";
import { toPageWindow } from "@/lib/db/pagination";
import { inTransaction, isUniqueViolation } from "@/lib/db/engine/transaction";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { isFeatureOnIn } from "@/lib/db/group-features";
import { GROUP_FEATURE_NAMES } from "@/lib/schemas/group-feature-schemas";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { GroupSettingsFieldsSchema } from "@/lib/schemas/group-settings-schemas";
import { parseField } from "@/lib/services/parse-field";
import { consumeWalletProof, type WalletProof } from "@/lib/services/wallet-proof";

/** A group with what its page and get-group-info show around it. */
export interface GroupRecord {
  group: GroupDetail;
  onlineMembers: number;
  /** The viewer's role in it. */
  role: GroupRole;
  /** Pending requests, for moderators only (contract section 14's pending_user). */
  pending: PendingRequestRow[];
  /** The viewer's balance of the gate's first ERC-20 (base units), "" when unknown. */
  viewerTokenBalance: string;
  /** The viewer muted the group (contract section 17). */
  viewerMuted: boolean;
  /** Its tags in the admins' order (contract section 18); [] for a viewer who may not read the group. */
  tags: TagRecord[];
}

// A group as everyone sees it, kept per read version (any change in the group moves it); the
// lifetime bounds how old its count of members online may be.
type PublicGroup = Pick<GroupRecord, "group" | "onlineMembers" | "tags">;
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
  // Tags switched off (contract section 20's topic_organization) leave group info's list empty.
  const tagsOn = isFeatureOnIn(group.features, "topic_organization");
  const [onlineMembers, tags] = await Promise.all([countOnlineMembers(group.id), tagsOn ? listGroupTags(group.id) : []]);
  const record = { group, onlineMembers, tags };
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
  const { gate } = record.group;
  const [pending, viewerTokenBalance, viewerMuted] = await Promise.all([
    listPendingForModerators(role),
    readViewerTokenBalance(actor, gate),
    actor ? isGroupMuted(actor.id, record.group.id) : false,
  ]);
  return { ...record, tags: canReadGroup(role) ? record.tags : [], role, pending, viewerTokenBalance, viewerMuted };
}

/** A group's rules for attached files (kept with its public record). */
export async function readGroupAttachRules(key: GroupKey): Promise<AttachRules> {
  return (await loadPublicGroup(key)).group.attachRules;
}

/** Whether the home page lists more for this person than for a guest: a hidden group they belong to. */
export function seesHiddenGroups(actor: SignedIn): Promise<boolean> {
  return hasHiddenGroupAccess(actor.id);
}

/** The home page's communities, a page at a time, with how many there are. */
export async function listCommunities(actor: Actor, page: number, perPage: number): Promise<{ groups: GroupCard[]; total: number }> {
  const userId = actor?.id ?? null;
  const [groups, total] = await Promise.all([listGroupDirectory(toPageWindow(page, perPage), userId), countGroups(userId)]);
  return { groups, total };
}

export type GroupFields = GroupPageFields;

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
      return insertGroup(tx, { ...fields, name: fields.name.toLowerCase(), ownerId: actor.id, features: GROUP_FEATURE_NAMES });
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
  await updateGroupPageFields(groupId, fields);
}

/** The settings to change; absent ones stay as they are (of the upload rules, too, each one). */
export interface GroupPolicyInput {
  joining?: GroupJoining;
  visibility?: GroupVisibility;
  openReadonly?: boolean;
  attachRules?: Partial<AttachRules>;
  /** Contract section 18's poll_category: exactly these categories' new threads must carry a poll. */
  pollCategoryIds?: number[];
  /** Contract section 19: archive every new post and revision (public groups without a gate only). */
  archive?: boolean;
}

/** The group after a settings change, with what its admin should know (turning archiving on). */
export interface GroupPolicyResult {
  record: GroupRecord;
  warnings: string[];
}

/** Contract section 14's group settings: joining, visibility, read-only for non-members, attachment rules (admins). */
export async function updateGroupPolicy(actor: SignedIn, groupId: number, input: GroupPolicyInput): Promise<GroupPolicyResult> {
  const warnings = await inTransaction(async (tx) => {
    // The row lock orders this change with a concurrent gate or settings change (the archive rules read the policy).
    await lockGroupRow(tx, groupId);
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role || !canSeeGroup(role)) throw new NotFound("group");
    if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can change its settings");
    const archiveWarnings = checkArchiveChange(role.policy, input);
    const { attachRules, pollCategoryIds, ...policy } = input;
    const rules = attachRules === undefined ? undefined : { ...(await findGroupAttachRules(tx, groupId)), ...attachRules };
    await updateGroupPolicyColumns(tx, groupId, { ...policy, attachRules: rules });
    if (pollCategoryIds !== undefined) await setPollCategories(tx, groupId, pollCategoryIds);
    return archiveWarnings;
  });
  return { record: await getGroup(actor, { id: groupId }), warnings };
}
