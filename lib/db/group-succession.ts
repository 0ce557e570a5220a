import "server-only";
import { insertMember } from "@/lib/db/memberships";
import { upsertGroupAdmin } from "@/lib/db/group-writes";
import type { Tx } from "@/lib/db/engine/transaction";

// Contract section 20: a leaving account's groups. Those it owns pass to someone else (or to no one),
// and it leaves every group it was in, with its roles and the groups' member counts.

/** One group the account is in (owner, role or member), locked until the deletion commits. */
export interface AccountGroup {
  id: number;
  owned: boolean;
}

/** Every group the account is in, their rows locked in id order (as every write that moves members locks its group first). */
export async function lockAccountGroups(tx: Tx, userId: number): Promise<AccountGroup[]> {
  const rows = await tx.$queryRaw<{ id: number; owned: boolean }[]>`
    SELECT g.id, g.owner_id IS NOT DISTINCT FROM ${userId}::int AS owned FROM groups g
    WHERE g.owner_id = ${userId}
      OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM group_admins a WHERE a.group_id = g.id AND a.user_id = ${userId} AND a.deleted_at IS NULL)
    ORDER BY g.id FOR UPDATE OF g`;
  return rows.map((row) => ({ id: row.id, owned: row.owned }));
}

/**
 * Who takes over a group from its leaving owner: the admin who has held the role longest (a row's
 * updated_at is when it took its present role: upsertGroupAdmin), else such a moderator, else the
 * earliest member; never someone banned there now or a deleted account. Null: no one else is in it.
 */
export async function findGroupSuccessor(tx: Tx, groupId: number, leavingId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ user_id: number }[]>`
    SELECT c.user_id FROM (
      SELECT a.user_id, CASE a.level WHEN 2 THEN 1 ELSE 2 END AS rank, a.updated_at AS since, a.id AS tie
      FROM group_admins a WHERE a.group_id = ${groupId} AND a.deleted_at IS NULL AND a.level IN (2, 3)
      UNION ALL
      SELECT m.user_id, 3, m.created_at, m.id FROM group_members m WHERE m.group_id = ${groupId}
    ) c
    JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
    WHERE c.user_id <> ${leavingId}
      AND NOT EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = ${groupId} AND b.user_id = c.user_id AND (b.until IS NULL OR b.until > now()))
    ORDER BY c.rank, c.since, c.tie
    LIMIT 1`;
  return rows[0]?.user_id ?? null;
}

/** Makes a person the group's owner (a member with the owner's role row), or leaves the group with none. */
export async function writeGroupOwner(tx: Tx, groupId: number, ownerId: number | null): Promise<void> {
  await tx.group.update({ where: { id: groupId }, data: { ownerId }, select: { id: true } });
  if (ownerId === null) return;
  await insertMember(tx, groupId, ownerId);
  await upsertGroupAdmin(tx, groupId, ownerId, "owner");
}

/** The group's owner now, read under the caller's lock of its row (null: none). */
export async function findGroupOwnerId(tx: Tx, groupId: number): Promise<{ ownerId: number | null } | null> {
  return tx.group.findUnique({ where: { id: groupId }, select: { ownerId: true } });
}

/** The account leaves every group: its roles end, its memberships go and each group's count moves (rows locked by lockAccountGroups). */
export async function leaveAllGroups(tx: Tx, userId: number): Promise<void> {
  await tx.groupAdmin.updateMany({ where: { userId, deletedAt: null }, data: { deletedAt: new Date() } });
  await tx.$executeRaw`
    UPDATE groups g SET members_count = GREATEST(g.members_count - 1, 0)
    FROM group_members m WHERE m.group_id = g.id AND m.user_id = ${userId}`;
  await tx.groupMember.deleteMany({ where: { userId } });
}
