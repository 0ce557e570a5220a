import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { findUserMembershipFacts } from "@/lib/db/memberships";
import type { Tx } from "@/lib/db/transaction";
import { loadUserAdminLevels } from "@/lib/db/roles";

export const USER_GROUPS_LIMIT = 50;
export const RECOMMEND_GROUPS_LIMIT = 10;

/** Every user shape is cut from this one row. */
export const USER_PROFILE_SELECT = {
  id: true,
  username: true,
  email: true,
  photoUrl: true,
  coverImage: true,
  bio: true,
  publicKey: true,
  activate: true,
  isNft: true,
  superAdmin: true,
  darkMode: true,
  apiVersion: true,
  settings: true,
  paymentCusId: true,
  widgetSecret: true,
  likesCount: true,
  postsCount: true,
  lastPostAt: true,
  createdAt: true,
  updatedAt: true,
  wallets: { select: { type: true, address: true, publicKey: true }, orderBy: { id: "asc" } },
  adminOf: {
    where: { deletedAt: null },
    select: { groupId: true, level: true },
    orderBy: { id: "asc" },
    take: USER_GROUPS_LIMIT,
  },
} satisfies Prisma.UserSelect;

export type UserProfileRow = Prisma.UserGetPayload<{ select: typeof USER_PROFILE_SELECT }>;

export const USER_GROUP_ITEM_SELECT = {
  id: true,
  name: true,
  title: true,
  cover: true,
  logo: true,
  description: true,
  ownerId: true,
  membersCount: true,
  postsCount: true,
  noRecommend: true,
  superNoRecommend: true,
  permissionLevel: true,
  mainTokenAddress: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.GroupSelect;

export type UserGroupItemRow = Prisma.GroupGetPayload<{ select: typeof USER_GROUP_ITEM_SELECT }>;

export const WALLET_OWNER_SELECT = { userId: true, type: true, address: true, publicKey: true } satisfies Prisma.WalletSelect;
export type WalletOwnerRow = Prisma.WalletGetPayload<{ select: typeof WALLET_OWNER_SELECT }>;

export async function findUserProfile(userId: number): Promise<UserProfileRow | null> {
  const db = await getDb();
  return db.user.findUnique({ where: { id: userId }, select: USER_PROFILE_SELECT });
}

// Only what anyone may see on a profile page: no email, wallets, settings or secrets.
const PUBLIC_PROFILE_SELECT = {
  id: true,
  username: true,
  photoUrl: true,
  coverImage: true,
  bio: true,
  createdAt: true,
  postsCount: true,
} satisfies Prisma.UserSelect;

export type PublicProfileRow = Prisma.UserGetPayload<{ select: typeof PUBLIC_PROFILE_SELECT }>;

export async function findPublicProfile(userId: number): Promise<PublicProfileRow | null> {
  const db = await getDb();
  return db.user.findUnique({ where: { id: userId }, select: PUBLIC_PROFILE_SELECT });
}

export async function findWalletByAddress(address: string): Promise<WalletOwnerRow | null> {
  const db = await getDb();
  return db.wallet.findUnique({ where: { address }, select: WALLET_OWNER_SELECT });
}

/** The groups the user belongs to, most recently joined first. */
export async function listUserGroups(userId: number, limit = USER_GROUPS_LIMIT): Promise<UserGroupItemRow[]> {
  const db = await getDb();
  const memberships = await db.groupMember.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    take: limit,
    select: { group: { select: USER_GROUP_ITEM_SELECT } },
  });
  return memberships.map((membership) => membership.group);
}

/** The most recently active groups the user is not in. */
export async function listRecommendedGroups(userId: number, limit = RECOMMEND_GROUPS_LIMIT): Promise<UserGroupItemRow[]> {
  const db = await getDb();
  return db.group.findMany({
    where: { members: { none: { userId } }, visibility: { lt: 2 } },
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: limit,
    select: USER_GROUP_ITEM_SELECT,
  });
}

export interface UserBundle {
  row: UserProfileRow;
  groups: UserGroupItemRow[];
  /** The user's role level (1 owner … 3 moderator) in each of `groups` where they hold one; a plain member has none. */
  adminLevels: Map<number, number>;
  recommended: UserGroupItemRow[];
  /** Groups where the user is banned, and with an open invitation for them (contract section 14). */
  banGroups: number[];
  inviteGroups: number[];
}

/** The profile row plus the group lists the me-style shapes embed (four queries, however many groups). */
export async function findUserBundle(userId: number, options: { groups: boolean }): Promise<UserBundle | null> {
  const [row, groups, recommended, facts] = await Promise.all([
    findUserProfile(userId),
    options.groups ? listUserGroups(userId) : Promise.resolve([]),
    listRecommendedGroups(userId),
    findUserMembershipFacts(userId),
  ]);
  if (!row) return null;
  const adminLevels = await loadUserAdminLevels(
    userId,
    groups.map((group) => group.id),
  );
  // The owner is level 1 even if the group_admins row went missing (as in get group info).
  for (const group of groups) if (group.ownerId === userId) adminLevels.set(group.id, 1);
  return { row, groups, adminLevels, recommended, banGroups: facts.banGroups, inviteGroups: facts.inviteGroups };
}

/** The user columns a profile edit may change (endpoint 6, the settings page); absent ones stay as they are. */
export interface UserColumnChanges {
  username?: string;
  usernameKey?: string;
  usernameSkeleton?: string;
  photoUrl?: string;
  coverImage?: string | null;
  email?: string | null;
  isNft?: number;
}

/** Writes a profile edit; a taken username surfaces as Prisma's unique violation for the caller to name. */
export async function updateUserColumns(userId: number, data: UserColumnChanges): Promise<void> {
  const db = await getDb();
  await db.user.update({ where: { id: userId }, data, select: { id: true } });
}

/** A user's id by username, matched the way usernames are unique: case-insensitively (usernameKey, after NFKC). */
export async function findUserIdByUsername(username: string): Promise<number | null> {
  const key = username.normalize("NFKC").trim().toLowerCase();
  if (key === "") return null;
  const db = await getDb();
  const row = await db.user.findUnique({ where: { usernameKey: key }, select: { id: true } });
  return row?.id ?? null;
}

// Any constant works; one instance fills the skeletons while the others wait for it.
const SKELETON_BACKFILL_LOCK = 7_274_070_293;

/** Users without a username skeleton, oldest first, locked against a concurrent backfill. */
export async function listUsersWithoutSkeleton(tx: Tx): Promise<{ id: number; username: string }[]> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${SKELETON_BACKFILL_LOCK}::bigint)) AS lock`;
  return tx.$queryRaw<{ id: number; username: string }[]>`SELECT id, username FROM users WHERE username_skeleton IS NULL ORDER BY id`;
}

export async function findHeldSkeletons(tx: Tx, skeletons: string[]): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ skeleton: string }[]>`
    SELECT username_skeleton AS skeleton FROM users WHERE username_skeleton = ANY(${skeletons}::text[])`;
  return new Set(rows.map((row) => row.skeleton));
}

export async function setUsernameSkeletons(tx: Tx, rows: { id: number; skeleton: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE users SET username_skeleton = fill.skeleton
    FROM unnest(${rows.map((row) => row.id)}::int[], ${rows.map((row) => row.skeleton)}::text[]) AS fill(id, skeleton)
    WHERE users.id = fill.id`;
}

/** Whether the user is a site super_admin (who reads every group). */
export async function isSuperAdmin(userId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db.user.findUnique({ where: { id: userId }, select: { superAdmin: true } });
  return (row?.superAdmin ?? 0) > 0;
}

/** Whether a user with this id exists (read in the writing transaction). */
export async function userExists(tx: Tx, userId: number): Promise<boolean> {
  return (await tx.user.findUnique({ where: { id: userId }, select: { id: true } })) !== null;
}
