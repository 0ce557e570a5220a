import "server-only";
import { attachRulesJson, readAttachRules, type AttachRules } from "@/lib/db/attach-rules";
import { getDb } from "@/lib/db/engine/client";
import { initialFeatureStatus } from "@/lib/db/group-features";
import {
  adminRoleLevel,
  flagCode,
  type GroupAdminRole,
  type GroupJoining,
  type GroupVisibility,
  isSet,
  joiningCode,
  visibilityCode,
} from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Writes of a group's own row (creating it, its page fields, its policy) and of its roles. Names in, columns out.

/** The fields a group's page shows and its settings edit. */
export interface GroupPageFields {
  title: string;
  description: string;
  cover: string;
  logo: string;
}

/** A new group's row, with its default features, its owner as admin and first member (members_count 1). */
export async function insertGroup(
  tx: Tx,
  input: GroupPageFields & { name: string; ownerId: number; features: readonly string[] },
): Promise<{ id: number; name: string }> {
  const { features, ownerId, ...fields } = input;
  return tx.group.create({
    data: {
      ...fields,
      ownerId,
      membersCount: 1,
      settings: { layout_type: "forum", show_link_preview: "1", show_poll_cate: "0" },
      features: { create: features.map((featureName) => ({ featureName, isSetting: 0, status: initialFeatureStatus(featureName) })) },
      admins: { create: { userId: ownerId, level: adminRoleLevel("owner") } },
      members: { create: { userId: ownerId } },
    },
    select: { id: true, name: true },
  });
}

export async function updateGroupPageFields(groupId: number, fields: GroupPageFields): Promise<void> {
  const db = await getDb();
  await db.group.update({ where: { id: groupId }, data: fields, select: { id: true } });
}

/** The group's upload rules as stored, read in the writing transaction. */
export async function findGroupAttachRules(tx: Tx, groupId: number): Promise<AttachRules> {
  const row = await tx.group.findUnique({ where: { id: groupId }, select: { attachedFiles: true } });
  return readAttachRules(row?.attachedFiles ?? null);
}

/** Contract section 14's group settings; absent ones stay as they are. */
export interface GroupPolicyChanges {
  joining?: GroupJoining;
  visibility?: GroupVisibility;
  openReadonly?: boolean;
  attachRules?: AttachRules;
  /** Contract section 19: archive every new post and revision. */
  archive?: boolean;
}

export async function updateGroupPolicyColumns(tx: Tx, groupId: number, changes: GroupPolicyChanges): Promise<void> {
  const { joining, visibility, openReadonly, attachRules, archive } = changes;
  await tx.group.update({
    where: { id: groupId },
    data: {
      ...(joining !== undefined ? { joining: joiningCode(joining) } : {}),
      // privacy_type is the reference's second copy of the visibility, as a digit string.
      ...(visibility !== undefined ? { visibility: visibilityCode(visibility), privacyType: String(visibilityCode(visibility)) } : {}),
      ...(openReadonly !== undefined ? { openReadonly: String(flagCode(openReadonly)) } : {}),
      ...(attachRules !== undefined ? { attachedFiles: attachRulesJson(attachRules) } : {}),
      ...(archive !== undefined ? { archive: flagCode(archive) } : {}),
    },
    select: { id: true },
  });
}

/** Locks the group's row for the rest of the transaction: serialises writes that move its members or roles. */
export async function lockGroupRow(tx: Tx, groupId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`;
}

/** Gives a person a role in the group (again, if it was taken away). */
export async function upsertGroupAdmin(tx: Tx, groupId: number, userId: number, role: GroupAdminRole): Promise<void> {
  const level = adminRoleLevel(role);
  await tx.groupAdmin.upsert({
    where: { groupId_userId: { groupId, userId } },
    create: { groupId, userId, level },
    update: { level, deletedAt: null },
    select: { id: true },
  });
}

/** Takes a person's role in the group away (the row stays, with when). */
export async function endGroupAdmin(tx: Tx, groupId: number, userId: number, at: Date): Promise<void> {
  await tx.groupAdmin.update({ where: { groupId_userId: { groupId, userId } }, data: { deletedAt: at }, select: { id: true } });
}

/** Contract section 20's recommend flags; absent ones stay as they are. Answers both after the change. */
export async function writeRecommendFlags(
  tx: Tx,
  groupId: number,
  flags: { noRecommend?: boolean; superNoRecommend?: boolean },
): Promise<{ noRecommend: boolean; superNoRecommend: boolean }> {
  const row = await tx.group.update({
    where: { id: groupId },
    data: {
      ...(flags.noRecommend !== undefined ? { noRecommend: String(flagCode(flags.noRecommend)) } : {}),
      ...(flags.superNoRecommend !== undefined ? { superNoRecommend: String(flagCode(flags.superNoRecommend)) } : {}),
    },
    select: { noRecommend: true, superNoRecommend: true },
  });
  return { noRecommend: isSet(row.noRecommend), superNoRecommend: isSet(row.superNoRecommend) };
}
