import "server-only";
import { liveBanWhere } from "@/lib/db/bans";
import { getDb, getPool } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";

/** What decides a person's role in a group, read in one query. */
export interface GroupRoleFacts {
  groupId: number;
  ownerId: number;
  /** The person's live group_admins level (1 owner, 2 admin, 3 moderator), or null. */
  level: number | null;
  superAdmin: boolean;
  /** The person is under a live ban in the group (contract section 12). */
  banned: boolean;
}

/** The group's owner and the user's admin level and site role; null when the group does not exist. */
const GROUP_ROLE_FACTS_SQL = `
  SELECT g.owner_id, ga.level, u.super_admin,
    EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = g.id AND b.user_id = $2 AND (b.until IS NULL OR b.until > now())) AS banned
  FROM groups g
  LEFT JOIN group_admins ga ON ga.group_id = g.id AND ga.user_id = $2 AND ga.deleted_at IS NULL
  LEFT JOIN users u ON u.id = $2
  WHERE g.id = $1`;

type GroupRoleFactsRow = { owner_id: number; level: number | null; super_admin: number | null; banned: boolean };

export async function findGroupRoleFacts(groupId: number, userId: number | null, tx?: Tx): Promise<GroupRoleFacts | null> {
  const uid = userId ?? 0;
  // Inside a write's transaction through it; otherwise (every signed-in read) straight on the pool.
  const rows = tx
    ? await tx.$queryRawUnsafe<GroupRoleFactsRow[]>(GROUP_ROLE_FACTS_SQL, groupId, uid)
    : (await (await getPool()).query<GroupRoleFactsRow>(GROUP_ROLE_FACTS_SQL, [groupId, uid])).rows;
  const row = rows[0];
  if (!row) return null;
  return { groupId, ownerId: row.owner_id, level: row.level, superAdmin: (row.super_admin ?? 0) > 0, banned: row.banned };
}

/** A thread as a write into it needs it, with the person's role facts in its group: one statement. */
export interface ThreadWriteFacts {
  thread: { id: number; groupId: number; isDelete: number; isLocked: number };
  role: GroupRoleFacts;
}

export async function findThreadWriteFacts(threadId: number, userId: number): Promise<ThreadWriteFacts | null> {
  const db = await getDb();
  const rows = await db.$queryRaw<
    { group_id: number; is_delete: number; is_locked: number; owner_id: number; level: number | null; super_admin: number | null; banned: boolean }[]
  >`
    SELECT t.group_id, t.is_delete, t.is_locked, g.owner_id, ga.level, u.super_admin,
      EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = g.id AND b.user_id = ${userId} AND (b.until IS NULL OR b.until > now())) AS banned
    FROM threads t
    JOIN groups g ON g.id = t.group_id
    LEFT JOIN group_admins ga ON ga.group_id = g.id AND ga.user_id = ${userId} AND ga.deleted_at IS NULL
    LEFT JOIN users u ON u.id = ${userId}
    WHERE t.id = ${threadId}`;
  const row = rows[0];
  if (!row) return null;
  return {
    thread: { id: threadId, groupId: row.group_id, isDelete: row.is_delete, isLocked: row.is_locked },
    role: { groupId: row.group_id, ownerId: row.owner_id, level: row.level, superAdmin: (row.super_admin ?? 0) > 0, banned: row.banned },
  };
}

/** Admin levels (1 owner, 2 admin, 3 moderator) of the given users in a group, for pages of posts. */
export async function loadAdminLevels(groupId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.groupAdmin.findMany({
    where: { groupId, userId: { in: ids }, deletedAt: null },
    select: { userId: true, level: true },
  });
  return new Map(rows.map((row) => [row.userId, row.level]));
}

/** One user's admin level per group, for the given groups only. */
export async function loadUserAdminLevels(userId: number, groupIds: readonly number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.groupAdmin.findMany({
    where: { userId, groupId: { in: [...groupIds] }, deletedAt: null },
    select: { groupId: true, level: true },
  });
  return new Map(rows.map((row) => [row.groupId, row.level]));
}

/** The given users' live bans in a group, for the `is_ban` of a page of posts. */
export async function findBannedUserIds(groupId: number, userIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.groupBan.findMany({
    where: { groupId, userId: { in: ids }, ...liveBanWhere() },
    select: { userId: true },
  });
  return new Set(rows.map((row) => row.userId));
}
