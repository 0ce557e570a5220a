import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

// Members seen within this window count as online.
export const ONLINE_WINDOW_MS = 5 * 60_000;

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
  membersCount: true,
  createdAt: true,
  updatedAt: true,
  features: { orderBy: { id: "asc" } },
  admins: { where: { deletedAt: null }, orderBy: { id: "asc" } },
} satisfies Prisma.GroupSelect;

export type GroupDetailRow = Prisma.GroupGetPayload<{ select: typeof GROUP_DETAIL_SELECT }>;

export async function findGroupDetail(where: { id: number } | { name: string }): Promise<GroupDetailRow | null> {
  const db = await getDb();
  return db.group.findUnique({ where, select: GROUP_DETAIL_SELECT });
}

export async function countOnlineMembers(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupMember.count({
    where: { groupId, user: { lastSeenAt: { gte: new Date(Date.now() - ONLINE_WINDOW_MS) } } },
  });
}

/** The viewer's admin level in a group (1 owner, 2 admin, 3 moderator), or null. */
export async function findAdminLevel(groupId: number, userId: number): Promise<number | null> {
  const db = await getDb();
  const row = await db.groupAdmin.findUnique({
    where: { groupId_userId: { groupId, userId } },
    select: { level: true, deletedAt: true },
  });
  return row && !row.deletedAt ? row.level : null;
}
