import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { readableGroupSql } from "@/lib/db/memberships";
import { reshapeBadge, type BadgeRecord } from "@/lib/db/badges";

// Who holds a group's badges (contract section 19) and the titles made of them. A grant moves
// the badge's grant_count and notifies its holder (type 'badge') in the same transaction; rule
// grants are the SQL function agora_grant_rule_badges (prisma/derived/badges.sql).

export interface UserBadgeRecord {
  badgeId: number;
  userId: number;
  grantedAt: Date;
  /** Null when a rule or the token sweep granted it. */
  grantedBy: number | null;
  reason: string;
}

export interface BadgeHolder {
  userId: number;
  username: string;
  photoUrl: string;
  grantedAt: Date;
}

/**
 * Grants a badge and notifies its holder; null when they hold it already. The notification's
 * actor is the moderator who granted it (none for a rule or the sweep).
 */
export async function insertUserBadge(tx: Tx, badge: BadgeRecord, userId: number, grantedBy: number | null, reason: string): Promise<UserBadgeRecord | null> {
  const rows = await tx.$queryRaw<{ granted_at: Date }[]>`
    INSERT INTO user_badges (badge_id, user_id, group_id, granted_at, granted_by, reason)
    VALUES (${badge.id}, ${userId}, ${badge.groupId}, now(), ${grantedBy}, ${reason})
    ON CONFLICT DO NOTHING RETURNING granted_at`;
  if (rows.length === 0) return null;
  await tx.$executeRaw`UPDATE badges SET grant_count = grant_count + 1 WHERE id = ${badge.id}`;
  await tx.$executeRaw`
    INSERT INTO notifications (user_id, type, thread_id, post_id, group_id, actor_id, count, created_at, updated_at)
    VALUES (${userId}, 'badge', NULL, NULL, ${badge.groupId}, ${grantedBy}, 1, now(), now())`;
  return { badgeId: badge.id, userId, grantedAt: rows[0]!.granted_at, grantedBy, reason };
}

/** Takes a badge back (and the title made of it); false when they did not hold it. */
export async function deleteUserBadge(tx: Tx, badgeId: number, userId: number): Promise<boolean> {
  const removed = await tx.$executeRaw`DELETE FROM user_badges WHERE badge_id = ${badgeId} AND user_id = ${userId}`;
  if (removed === 0) return false;
  await tx.$executeRaw`UPDATE badges SET grant_count = grant_count - 1 WHERE id = ${badgeId}`;
  return true;
}

/** Grants the group's rule badges to its members who already qualify (a badge made or changed). */
export async function grantRuleBadgesToMembers(tx: Tx, groupId: number): Promise<number> {
  const rows = await tx.$queryRaw<{ granted: number }[]>`
    SELECT agora_grant_rule_badges(${groupId}::int, ARRAY(SELECT user_id FROM group_members WHERE group_id = ${groupId} ORDER BY user_id), NULL) AS granted`;
  return rows[0]?.granted ?? 0;
}

/** The daily grant of `days_member` badges, in every group that has one. */
export async function grantDaysMemberBadges(): Promise<number> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ granted: number }[]>`
    SELECT COALESCE(sum(agora_grant_rule_badges(s.group_id, ARRAY(SELECT user_id FROM group_members m WHERE m.group_id = s.group_id ORDER BY user_id), 'days_member')), 0)::int AS granted
    FROM (SELECT DISTINCT group_id FROM badges WHERE kind = 'rule' AND rule->>'metric' = 'days_member') s`;
  return rows[0]?.granted ?? 0;
}

/** The holders of a badge, newest first (the badge page), at most `limit`. */
export async function listBadgeHolders(badgeIds: readonly number[], limit: number): Promise<Map<number, BadgeHolder[]>> {
  const holders = new Map<number, BadgeHolder[]>(badgeIds.map((id) => [id, []]));
  if (badgeIds.length === 0) return holders;
  const db = await getDb();
  const rows = await db.$queryRaw<{ badge_id: number; user_id: number; username: string; photo_url: string; granted_at: Date }[]>`
    SELECT b.id AS badge_id, h.user_id, u.username, u.photo_url, h.granted_at
    FROM unnest(${[...badgeIds]}::int[]) AS b(id)
    CROSS JOIN LATERAL (SELECT user_id, granted_at FROM user_badges WHERE badge_id = b.id ORDER BY granted_at DESC, user_id LIMIT ${limit}) h
    JOIN users u ON u.id = h.user_id
    ORDER BY b.id, h.granted_at DESC, h.user_id`;
  for (const row of rows) holders.get(row.badge_id)?.push({ userId: row.user_id, username: row.username, photoUrl: row.photo_url, grantedAt: row.granted_at });
  return holders;
}

/** The user ids holding a badge (the token sweep compares them with who qualifies). */
export async function listBadgeHolderIds(badgeId: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db.userBadge.findMany({ where: { badgeId }, select: { userId: true } });
  return rows.map((row) => row.userId);
}

export interface HeldBadge {
  badge: BadgeRecord;
  groupId: number;
  groupName: string;
  grantedAt: Date;
}

/**
 * A user's badges, newest first, in groups the reader may read whose `badges` feature is on
 * (`groupId` narrows to one group); null when there is no such user.
 */
export async function listUserBadges(userId: number, readerId: number | null, groupId: number | null): Promise<HeldBadge[] | null> {
  const db = await getDb();
  const readable = readerId === null ? Prisma.sql`g.visibility = 0` : readableGroupSql(Prisma.sql`${readerId}::int`);
  const rows = await db.$queryRaw<{ badge_id: number; granted_at: Date; group_name: string }[]>`
    SELECT h.badge_id, h.granted_at, g.name AS group_name FROM user_badges h JOIN groups g ON g.id = h.group_id
    WHERE h.user_id = ${userId} AND (${groupId}::int IS NULL OR h.group_id = ${groupId}::int) AND ${readable}
      AND NOT EXISTS (SELECT 1 FROM group_features f WHERE f.group_id = h.group_id AND f.feature_name = 'badges' AND f.status IS DISTINCT FROM 1)
    ORDER BY h.granted_at DESC, h.badge_id DESC LIMIT 500`;
  if (rows.length === 0) return (await db.user.findUnique({ where: { id: userId }, select: { id: true } })) ? [] : null;
  const badges = await db.badge.findMany({ where: { id: { in: rows.map((row) => row.badge_id) } } });
  const byId = new Map(badges.map((badge) => [badge.id, reshapeBadge(badge)]));
  return rows.flatMap((row) => {
    const badge = byId.get(row.badge_id);
    return badge ? [{ badge, groupId: badge.groupId, groupName: row.group_name, grantedAt: row.granted_at }] : [];
  });
}

/** Whether the user holds the badge. */
export async function holdsBadge(tx: Tx, badgeId: number, userId: number): Promise<boolean> {
  const row = await tx.userBadge.findUnique({ where: { badgeId_userId: { badgeId, userId } }, select: { userId: true } });
  return row !== null;
}

/** A holding as stored (a grant of a badge already held answers it). */
export async function findHolding(tx: Tx, badgeId: number, userId: number): Promise<UserBadgeRecord> {
  const held = await tx.userBadge.findUniqueOrThrow({ where: { badgeId_userId: { badgeId, userId } } });
  return { badgeId, userId, grantedAt: held.grantedAt, grantedBy: held.grantedBy, reason: held.reason };
}

/** A badge that may no longer be a title stops being anyone's. */
export async function clearTitlesOf(tx: Tx, badgeId: number): Promise<void> {
  await tx.userTitle.deleteMany({ where: { badgeId } });
}

/** Sets (badgeId) or clears (null) a member's title in a group. */
export async function writeUserTitle(tx: Tx, groupId: number, userId: number, badgeId: number | null): Promise<void> {
  if (badgeId === null) {
    await tx.userTitle.deleteMany({ where: { groupId, userId } });
    return;
  }
  await tx.userTitle.upsert({ where: { groupId_userId: { groupId, userId } }, create: { groupId, userId, badgeId }, update: { badgeId } });
}

/** A group's member ids (the token sweep's candidates), at most `limit`. */
export async function listGroupMemberIds(groupId: number, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db.groupMember.findMany({ where: { groupId }, select: { userId: true }, orderBy: { userId: "asc" }, take: limit });
  return rows.map((row) => row.userId);
}
