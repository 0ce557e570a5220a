import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

export const BAN_SELECT = {
  userId: true,
  reason: true,
  until: true,
  createdAt: true,
  user: { select: { id: true, username: true } },
  bannedBy: { select: { id: true, username: true } },
} satisfies Prisma.GroupBanSelect;
export type BanRow = Prisma.GroupBanGetPayload<{ select: typeof BAN_SELECT }>;

/** Bans still in force: no end date, or one in the future. */
export function liveBanWhere(now = new Date()): Prisma.GroupBanWhereInput {
  return { OR: [{ until: null }, { until: { gt: now } }] };
}

/** A group's bans in force, newest first. */
export async function listLiveBans(groupId: number): Promise<BanRow[]> {
  const db = await getDb();
  return db.groupBan.findMany({ where: { groupId, ...liveBanWhere() }, orderBy: { id: "desc" }, take: 500, select: BAN_SELECT });
}

/** One person's ban in a group if it is in force (to tell them why they cannot post). */
export async function findLiveBan(groupId: number, userId: number): Promise<BanRow | null> {
  const db = await getDb();
  return db.groupBan.findFirst({ where: { groupId, userId, ...liveBanWhere() }, select: BAN_SELECT });
}
