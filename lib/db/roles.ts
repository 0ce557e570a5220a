import "server-only";
import { liveBanWhere } from "@/lib/db/bans";
import { getDb, getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";
import { THREAD_VERSION_SQL } from "@/lib/db/read-versions";
import { isSet, readAdminRole, readJoining, readVisibility, type GroupAdminRole, type GroupJoining, type GroupVisibility } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

/** What decides a person's role in a group, read in one query. */
export interface GroupRoleFacts {
  groupId: number;
  /** Null while the group has no owner. */
  ownerId: number | null;
  /** The person's live group_admins role, or null. */
  adminRole: GroupAdminRole | null;
  superAdmin: boolean;
  /** The person is under a live ban in the group (contract section 12). */
  banned: boolean;
  /** The person has a group_members row. */
  member: boolean;
  /** The person has a pending request to join. */
  pending: boolean;
  /** When the group's token gate last held for this member (null: never checked, or no gate). */
  gateCheckedAt: Date | null;
  policy: GroupPolicy;
}

/** Who may join, read and write a group (contract section 14): its own fields. */
export interface GroupPolicy {
  joining: GroupJoining;
  visibility: GroupVisibility;
  /** Non-members of a public group read but must join before they write. */
  openReadonly: boolean;
  hasGate: boolean;
  /** Every new post and revision is archived (contract section 19). */
  archive: boolean;
}

/** Columns of a group (g) and a person's rows in it (ga, m, u; $uid the person) that role facts are made of. */
export function roleColumns(uid: string): string {
  return `g.owner_id, ga.level, u.super_admin, g.joining, g.visibility, g.open_readonly, (g.gate IS NOT NULL) AS has_gate, g.archive,
    m.id IS NOT NULL AS member, m.gate_checked_at,
    EXISTS (SELECT 1 FROM group_join_requests r WHERE r.group_id = g.id AND r.user_id = ${uid}) AS pending,
    EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = g.id AND b.user_id = ${uid} AND (b.until IS NULL OR b.until > now())) AS banned`;
}

/** The joins roleColumns reads from. */
export function roleJoins(uid: string): string {
  return `LEFT JOIN group_admins ga ON ga.group_id = g.id AND ga.user_id = ${uid} AND ga.deleted_at IS NULL
    LEFT JOIN group_members m ON m.group_id = g.id AND m.user_id = ${uid}
    LEFT JOIN users u ON u.id = ${uid}`;
}

export type RoleFactsRow = {
  owner_id: number | null;
  level: number | null;
  super_admin: number | null;
  banned: boolean;
  member: boolean;
  pending: boolean;
  gate_checked_at: Date | null;
  joining: number;
  visibility: number;
  open_readonly: string;
  has_gate: boolean;
  archive: number;
};

export function toFacts(groupId: number, row: RoleFactsRow): GroupRoleFacts {
  return {
    groupId,
    ownerId: row.owner_id,
    adminRole: readAdminRole(row.level),
    superAdmin: (row.super_admin ?? 0) > 0,
    banned: row.banned,
    member: row.member,
    pending: row.pending,
    gateCheckedAt: row.gate_checked_at,
    policy: {
      joining: readJoining(row.joining),
      visibility: readVisibility(row.visibility),
      openReadonly: isSet(row.open_readonly),
      hasGate: row.has_gate,
      archive: isSet(row.archive),
    },
  };
}

/** The group's owner and policy and the user's level, membership, request, ban and site role; null when the group does not exist. */
const GROUP_ROLE_FACTS_SQL = `SELECT ${roleColumns("$2")} FROM groups g ${roleJoins("$2")} WHERE g.id = $1`;

export async function findGroupRoleFacts(groupId: number, userId: number | null, tx?: Tx): Promise<GroupRoleFacts | null> {
  const uid = userId ?? 0;
  // Inside a write's transaction through it; otherwise (every read) straight on the pool.
  const rows = tx
    ? await tx.$queryRawUnsafe<RoleFactsRow[]>(GROUP_ROLE_FACTS_SQL, groupId, uid)
    : (await (await getPool()).query<RoleFactsRow>(statement(GROUP_ROLE_FACTS_SQL, [groupId, uid]))).rows;
  const row = rows[0];
  return row ? toFacts(groupId, row) : null;
}

/** A thread's read version (read-versions.ts) with the reader's role facts in its group: one statement per thread read. */
export interface ThreadReadFacts {
  version: string;
  role: GroupRoleFacts;
}

const THREAD_READ_FACTS_SQL = `SELECT ${THREAD_VERSION_SQL} AS v, t.group_id, ${roleColumns("$2")}
  FROM threads t JOIN groups g ON g.id = t.group_id CROSS JOIN cache_epochs e ${roleJoins("$2")} WHERE t.id = $1`;

/** Null for an unknown thread. A guest (null) gets the group's policy, as findGroupRoleFacts does. */
export async function findThreadReadFacts(threadId: number, userId: number | null): Promise<ThreadReadFacts | null> {
  const pool = await getPool();
  const { rows } = await pool.query<RoleFactsRow & { v: string; group_id: number }>(statement(THREAD_READ_FACTS_SQL, [threadId, userId ?? 0]));
  const row = rows[0];
  return row ? { version: row.v, role: toFacts(row.group_id, row) } : null;
}

/** A thread as a write into it needs it, with the person's role facts in its group: one statement. */
export interface ThreadWriteFacts {
  thread: { id: number; groupId: number; deleted: boolean; locked: boolean };
  role: GroupRoleFacts;
}

const THREAD_WRITE_FACTS_SQL = `SELECT t.group_id, t.is_delete, t.is_locked, ${roleColumns("$2")}
  FROM threads t JOIN groups g ON g.id = t.group_id ${roleJoins("$2")} WHERE t.id = $1`;

export async function findThreadWriteFacts(threadId: number, userId: number): Promise<ThreadWriteFacts | null> {
  const pool = await getPool();
  const { rows } = await pool.query<RoleFactsRow & { group_id: number; is_delete: number; is_locked: number }>(
    statement(THREAD_WRITE_FACTS_SQL, [threadId, userId]),
  );
  const row = rows[0];
  if (!row) return null;
  const thread = { id: threadId, groupId: row.group_id, deleted: isSet(row.is_delete), locked: isSet(row.is_locked) };
  return { thread, role: toFacts(row.group_id, row) };
}

/** The roles of the given users in a group (those with none are absent), for pages of posts. */
export async function loadAdminRoles(groupId: number, userIds: readonly number[]): Promise<Map<number, GroupAdminRole>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.groupAdmin.findMany({
    where: { groupId, userId: { in: ids }, deletedAt: null },
    select: { userId: true, level: true },
  });
  const roles = new Map<number, GroupAdminRole>();
  for (const row of rows) {
    const role = readAdminRole(row.level);
    if (role) roles.set(row.userId, role);
  }
  return roles;
}

/** One user's role per group, for the given groups only. */
export async function loadUserAdminRoles(userId: number, groupIds: readonly number[]): Promise<Map<number, GroupAdminRole>> {
  if (groupIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.groupAdmin.findMany({
    where: { userId, groupId: { in: [...groupIds] }, deletedAt: null },
    select: { groupId: true, level: true },
  });
  const roles = new Map<number, GroupAdminRole>();
  for (const row of rows) {
    const role = readAdminRole(row.level);
    if (role) roles.set(row.groupId, role);
  }
  return roles;
}

/** Of these groups, those the user moderates (owner, admin or moderator): for lists of posts across groups. */
export async function findModeratedGroupIds(userId: number, groupIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(groupIds)];
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT g.id FROM groups g
    WHERE g.id = ANY(${ids}::int[])
      AND (g.owner_id = ${userId}
        OR EXISTS (SELECT 1 FROM group_admins a WHERE a.group_id = g.id AND a.user_id = ${userId} AND a.deleted_at IS NULL AND a.level BETWEEN 1 AND 3))`;
  return new Set(rows.map((row) => row.id));
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
