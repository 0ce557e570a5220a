import "server-only";
import { forbidden, notFound } from "@/lib/api/api-error";
import { getDb } from "@/lib/db/client";
import { findAdminLevel } from "@/lib/db/groups";
import { GroupSettingsFieldsSchema } from "@/lib/schemas/group-settings-schemas";
import { ADMIN_LEVEL } from "@/lib/services/groups";
import { parseField } from "@/lib/services/parse-field";

export interface UpdateGroupSettingsInput {
  groupId: number;
  userId: number;
  title: string;
  description: string;
  cover: string;
  logo: string;
}

/** Whether the user may change the group's settings: its owner, or an admin of level 1 or 2. */
export async function canManageGroup(group: { id: number; ownerId: number }, userId: number): Promise<boolean> {
  if (group.ownerId === userId) return true;
  const level = await findAdminLevel(group.id, userId);
  return level !== null && level <= ADMIN_LEVEL.admin;
}

/** Updates a group's title, description, cover and logo; anyone else than its owner or an admin gets a 403. */
export async function updateGroupSettings(input: UpdateGroupSettingsInput): Promise<void> {
  const { groupId, userId, ...raw } = input;
  const fields = parseField(GroupSettingsFieldsSchema, raw, "group");
  const db = await getDb();
  const group = await db.group.findUnique({ where: { id: groupId }, select: { id: true, ownerId: true } });
  if (!group) throw notFound("group");
  if (!(await canManageGroup(group, userId))) throw forbidden("Only the group's owner or an admin can change its settings");
  await db.group.update({ where: { id: group.id }, data: fields, select: { id: true } });
}
