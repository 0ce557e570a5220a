import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import { readAdminRole, type GroupAdminRole } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Members, join requests and invitations (contract section 14). Every write takes the caller's
// transaction and keeps groups.members_count right in it (its own-row trigger moves the group's
// read version, so kept answers that show the count or the member list are not reused).

/**
 * The privacy rule of lib/auth/permissions.ts (readDenial) as SQL, for set-based reads (search,
 * user post lists, notifications): the group `g` is public, or `who` is one of its members, one
 * of its moderators or a site super_admin. Keep the two in step.
 */
export function readableGroupSql(who: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(g.visibility = 0 OR EXISTS (SELECT 1 FROM group_members rm WHERE rm.group_id = g.id AND rm.user_id = ${who})
    OR EXISTS (SELECT 1 FROM group_admins ra WHERE ra.group_id = g.id AND ra.user_id = ${who} AND ra.deleted_at IS NULL)
    OR EXISTS (SELECT 1 FROM users su WHERE su.id = ${who} AND su.super_admin > 0))`;
}

/** readableGroupSql as a Prisma filter on groups (a site super_admin is let through by the caller). */
export function readableGroupsWhere(userId: number | null): Prisma.GroupWhereInput {
  if (userId === null) return { visibility: 0 };
  return { OR: [{ visibility: 0 }, { members: { some: { userId } } }, { admins: { some: { userId, deletedAt: null } } }, { ownerId: userId }] };
}

/** Groups a person may know exist: not hidden, or they are in it (as readableGroupSql). */
export function visibleGroupSql(who: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(g.visibility < 2 OR ${readableGroupSql(who)})`;
}

/** Adds a member (and drops their request): true when they were not one yet. */
export async function insertMember(tx: Tx, groupId: number, userId: number, gateCheckedAt: Date | null = null): Promise<boolean> {
  await tx.groupJoinRequest.deleteMany({ where: { groupId, userId } });
  const inserted = await tx.$executeRaw`
    INSERT INTO group_members (group_id, user_id, gate_checked_at) VALUES (${groupId}, ${userId}, ${gateCheckedAt})
    ON CONFLICT (group_id, user_id) DO NOTHING`;
  if (inserted > 0) await tx.$executeRaw`UPDATE groups SET members_count = members_count + 1 WHERE id = ${groupId}`;
  return inserted > 0;
}

/** Ends a membership and any role with it: true when there was one. */
export async function deleteMember(tx: Tx, groupId: number, userId: number): Promise<boolean> {
  await tx.groupAdmin.updateMany({ where: { groupId, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  const { count } = await tx.groupMember.deleteMany({ where: { groupId, userId } });
  if (count > 0) await tx.$executeRaw`UPDATE groups SET members_count = GREATEST(members_count - 1, 0) WHERE id = ${groupId}`;
  return count > 0;
}

export async function markGateChecked(groupId: number, userId: number, at: Date): Promise<void> {
  const db = await getDb();
  await db.groupMember.updateMany({ where: { groupId, userId }, data: { gateCheckedAt: at } });
}

/** A user's gate checks are due again (a wallet left the account): their next write in a gated group re-reads the gate. */
export async function markUserGateChecksStale(tx: Tx, userId: number): Promise<void> {
  await tx.groupMember.updateMany({ where: { userId, gateCheckedAt: { not: null } }, data: { gateCheckedAt: null } });
}

export async function readMembersCount(tx: Tx, groupId: number): Promise<number> {
  const row = await tx.group.findUnique({ where: { id: groupId }, select: { membersCount: true } });
  return row?.membersCount ?? 0;
}

export async function upsertJoinRequest(tx: Tx, groupId: number, userId: number, message: string): Promise<void> {
  await tx.groupJoinRequest.upsert({
    where: { groupId_userId: { groupId, userId } },
    create: { groupId, userId, message },
    update: { message },
    select: { id: true },
  });
}

export async function hasJoinRequest(tx: Tx, groupId: number, userId: number): Promise<boolean> {
  return (await tx.groupJoinRequest.findUnique({ where: { groupId_userId: { groupId, userId } }, select: { id: true } })) !== null;
}

/** Deletes a pending request: true when there was one. */
export async function deleteJoinRequest(tx: Tx, groupId: number, userId: number): Promise<boolean> {
  const { count } = await tx.groupJoinRequest.deleteMany({ where: { groupId, userId } });
  return count > 0;
}

export interface PendingRequestRow {
  userId: number;
  username: string;
  photoUrl: string;
  message: string;
  createdAt: Date;
}

/** A group's pending requests, oldest first (the queue). */
export async function listJoinRequests(groupId: number, window: PageWindow = { skip: 0, take: 100 }): Promise<PendingRequestRow[]> {
  const db = await getDb();
  const rows = await db.groupJoinRequest.findMany({
    where: { groupId },
    orderBy: { id: "asc" },
    ...window,
    select: { userId: true, message: true, createdAt: true, user: { select: { username: true, photoUrl: true } } },
  });
  return rows.map((row) => ({ userId: row.userId, username: row.user.username, photoUrl: row.user.photoUrl, message: row.message, createdAt: row.createdAt }));
}

export async function countJoinRequests(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupJoinRequest.count({ where: { groupId } });
}

export interface MemberRow {
  user: { id: number; username: string; photoUrl: string };
  /** Null for a plain member. */
  adminRole: GroupAdminRole | null;
  joinedAt: Date;
}

/** A page of a group's members: moderators first (by level), then by join date. */
export async function listMembers(groupId: number, window: PageWindow): Promise<MemberRow[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number; username: string; photo_url: string; level: number | null; created_at: Date }[]>`
    SELECT u.id, u.username, u.photo_url, CASE WHEN g.owner_id = u.id THEN 1 ELSE ga.level END AS level, m.created_at
    FROM group_members m
    JOIN groups g ON g.id = m.group_id
    JOIN users u ON u.id = m.user_id
    LEFT JOIN group_admins ga ON ga.group_id = m.group_id AND ga.user_id = m.user_id AND ga.deleted_at IS NULL
    WHERE m.group_id = ${groupId}
    ORDER BY CASE WHEN g.owner_id = u.id THEN 1 ELSE COALESCE(ga.level, 9) END, m.created_at, m.id
    OFFSET ${window.skip} LIMIT ${window.take}`;
  return rows.map((row) => ({
    user: { id: row.id, username: row.username, photoUrl: row.photo_url },
    adminRole: readAdminRole(row.level),
    joinedAt: row.created_at,
  }));
}

export async function countMembers(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupMember.count({ where: { groupId } });
}

export const INVITE_DAYS = 14;

export interface InviteRow {
  id: number;
  groupId: number;
  userId: number;
  expiresAt: Date;
}

export async function createInvite(tx: Tx, groupId: number, userId: number, invitedById: number): Promise<InviteRow> {
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  return tx.groupInvite.create({ data: { groupId, userId, invitedById, expiresAt }, select: { id: true, groupId: true, userId: true, expiresAt: true } });
}

/** The person's open (unused, unexpired) invitation to the group, if any. */
export async function findOpenInvite(tx: Tx, groupId: number, userId: number): Promise<InviteRow | null> {
  return tx.groupInvite.findFirst({
    where: { groupId, userId, usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { id: "desc" },
    select: { id: true, groupId: true, userId: true, expiresAt: true },
  });
}

export async function useInvites(tx: Tx, groupId: number, userId: number): Promise<void> {
  await tx.groupInvite.updateMany({ where: { groupId, userId, usedAt: null }, data: { usedAt: new Date() } });
}

/** What /api/me adds for section 14: live bans, open invitations, every role. */
export async function findUserMembershipFacts(userId: number): Promise<{ banGroups: number[]; inviteGroups: number[] }> {
  const db = await getDb();
  const now = new Date();
  const [bans, invites] = await Promise.all([
    db.groupBan.findMany({ where: { userId, OR: [{ until: null }, { until: { gt: now } }] }, select: { groupId: true }, orderBy: { groupId: "asc" } }),
    db.groupInvite.findMany({ where: { userId, usedAt: null, expiresAt: { gt: now } }, select: { groupId: true }, orderBy: { groupId: "asc" } }),
  ]);
  return { banGroups: bans.map((ban) => ban.groupId), inviteGroups: [...new Set(invites.map((invite) => invite.groupId))] };
}

/** The group's moderators (levels 1–3 and the owner), to hear of a new request. */
export async function listModeratorIds(tx: Tx, groupId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ user_id: number }[]>`
    SELECT owner_id AS user_id FROM groups WHERE id = ${groupId} AND owner_id IS NOT NULL
    UNION SELECT user_id FROM group_admins WHERE group_id = ${groupId} AND deleted_at IS NULL AND level BETWEEN 1 AND 3`;
  return rows.map((row) => row.user_id);
}

/** The groups (private or hidden) whose content `userId` (null: a guest) may not read: few, so reads leave them out by id. */
export async function listUnreadableGroupIds(userId: number | null): Promise<number[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT g.id FROM groups g WHERE g.visibility <> 0 AND NOT ${readableGroupSql(Prisma.sql`${userId ?? 0}::int`)} ORDER BY g.id`;
  return rows.map((row) => row.id);
}
