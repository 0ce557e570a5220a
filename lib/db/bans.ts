import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

const BAN_SELECT = {
  userId: true,
  reason: true,
  until: true,
  createdAt: true,
  user: { select: { id: true, username: true } },
  bannedBy: { select: { id: true, username: true } },
} satisfies Prisma.GroupBanSelect;

/** A ban in a group, with who is banned and who banned them. */
export interface BanRow {
  userId: number;
  reason: string;
  /** Null: until lifted. */
  until: Date | null;
  createdAt: Date;
  user: { id: number; username: string };
  bannedBy: { id: number; username: string };
}

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

/** Bans a person (again: a new ban replaces the old one, its time starting now). */
export async function upsertBan(tx: Tx, ban: { groupId: number; userId: number; bannedById: number; reason: string; until: Date | null }): Promise<void> {
  const { groupId, userId, ...fields } = ban;
  const changes = { ...fields, createdAt: new Date() };
  await tx.groupBan.upsert({
    where: { groupId_userId: { groupId, userId } },
    create: { groupId, userId, ...changes },
    update: changes,
    select: { id: true },
  });
}

/** Ends a person's ban in a group: true when there was one. */
export async function deleteBan(tx: Tx, groupId: number, userId: number): Promise<boolean> {
  const { count } = await tx.groupBan.deleteMany({ where: { groupId, userId } });
  return count > 0;
}
