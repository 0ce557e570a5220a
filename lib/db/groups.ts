import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import type { PageWindow } from "@/lib/db/pagination";
import { ONLINE_WINDOW_MS } from "@/lib/db/presence";

/** A group's live admin rows (owner, admins, moderators), as get group info lists them. */
const GROUP_ADMINS_QUERY = { where: { deletedAt: null }, orderBy: { id: "asc" } } satisfies Prisma.Group$adminsArgs;
export type GroupAdminRow = Prisma.GroupAdminGetPayload<object>;

/** The live admin rows of a group. */
export async function listGroupAdmins(groupId: number): Promise<GroupAdminRow[]> {
  const db = await getDb();
  return db.groupAdmin.findMany({ ...GROUP_ADMINS_QUERY, where: { ...GROUP_ADMINS_QUERY.where, groupId } });
}

export const GROUP_DETAIL_SELECT = {
  id: true,
  name: true,
  title: true,
  description: true,
  cover: true,
  logo: true,
  ownerId: true,
  joining: true,
  visibility: true,
  privacyType: true,
  noRecommend: true,
  superNoRecommend: true,
  permissionLevel: true,
  chainType: true,
  openReadonly: true,
  mainTokenAddress: true,
  erc20Token: true,
  settings: true,
  attachedFiles: true,
  gate: true,
  membersCount: true,
  createdAt: true,
  updatedAt: true,
  features: { orderBy: { id: "asc" } },
  admins: GROUP_ADMINS_QUERY,
} satisfies Prisma.GroupSelect;

export type GroupDetailRow = Prisma.GroupGetPayload<{ select: typeof GROUP_DETAIL_SELECT }>;

/** By id, or by handle (handles are stored lower-case). */
export type GroupKey = { id: number } | { name: string };

/** The unique lookup for a key: handles match case-insensitively. */
export function groupWhere(key: GroupKey): { id: number } | { name: string } {
  return "name" in key ? { name: key.name.trim().toLowerCase() } : key;
}

export async function findGroupDetail(key: GroupKey): Promise<GroupDetailRow | null> {
  const db = await getDb();
  return db.group.findUnique({ where: groupWhere(key), select: GROUP_DETAIL_SELECT });
}

export interface GroupHandle {
  id: number;
  name: string;
  ownerId: number;
}

/** The group's id, handle and owner: enough to know it exists before reading or writing into it. */
export async function findGroupHandle(key: GroupKey): Promise<GroupHandle | null> {
  const db = await getDb();
  return db.group.findUnique({ where: groupWhere(key), select: { id: true, name: true, ownerId: true } });
}

export async function isGroupNameTaken(name: string): Promise<boolean> {
  const db = await getDb();
  return (await db.group.findUnique({ where: { name }, select: { id: true } })) !== null;
}

export async function countOnlineMembers(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupMember.count({
    where: { groupId, user: { lastSeenAt: { gte: new Date(Date.now() - ONLINE_WINDOW_MS) } } },
  });
}

const GROUP_DIRECTORY_SELECT = {
  id: true,
  name: true,
  title: true,
  description: true,
  logo: true,
  visibility: true,
  membersCount: true,
  threadsCount: true,
  postsCount: true,
  lastActivityAt: true,
} satisfies Prisma.GroupSelect;

export type GroupDirectoryRow = Prisma.GroupGetPayload<{ select: typeof GROUP_DIRECTORY_SELECT }>;

/** Groups a person may know exist (contract section 14): hidden ones only for their members. */
export function visibleGroupsWhere(userId: number | null): Prisma.GroupWhereInput {
  if (userId === null) return { visibility: { lt: 2 } };
  return { OR: [{ visibility: { lt: 2 } }, { members: { some: { userId } } }, { admins: { some: { userId, deletedAt: null } } }, { ownerId: userId }] };
}

/** One page of the groups directory: most recently active first (index last_activity_at desc). */
export async function listGroupDirectory(window: PageWindow, userId: number | null = null): Promise<GroupDirectoryRow[]> {
  const db = await getDb();
  return db.group.findMany({
    where: visibleGroupsWhere(userId),
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    ...window,
    select: GROUP_DIRECTORY_SELECT,
  });
}

export async function countGroups(userId: number | null = null): Promise<number> {
  const db = await getDb();
  return db.group.count({ where: visibleGroupsWhere(userId) });
}
