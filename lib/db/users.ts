import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { flagCode, isSet, readAdminRole, type GroupAdminRole } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";
import { readUserSettings, type UserSettings, type UserSettingsPatch } from "@/lib/schemas/user-settings-schemas";
import { AUTHOR_TALLY_SELECT, POSTS_TALLY_SELECT, talliedLastPostAt, talliedPosts } from "@/lib/db/tallies";

/** The user's first role rows, for the me shape's group_perm_level. */
export const USER_ROLES_LIMIT = 50;

/** Every user shape is cut from this one row. */
const USER_PROFILE_SELECT = {
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
  tallies: AUTHOR_TALLY_SELECT,
  createdAt: true,
  updatedAt: true,
  wallets: { select: { type: true, address: true, publicKey: true }, orderBy: { id: "asc" } },
  emailState: { select: { confirmedAddress: true } },
  adminOf: {
    // A level that names no role is no row (as in a group's admin list).
    where: { deletedAt: null, level: { in: [1, 2, 3] } },
    select: { groupId: true, level: true },
    orderBy: { id: "asc" },
    take: USER_ROLES_LIMIT,
  },
  // /api/me's blocked_users: at most 500 (the ignore limit), in the order they were ignored.
  ignoring: {
    select: { ignoredUser: { select: { id: true, username: true, photoUrl: true } } },
    orderBy: [{ createdAt: "asc" }, { ignoredUserId: "asc" }],
    take: 500,
  },
} satisfies Prisma.UserSelect;

type UserProfileRow = Prisma.UserGetPayload<{ select: typeof USER_PROFILE_SELECT }>;

/** A user as their own account shows them. */
export interface UserProfile {
  id: number;
  username: string;
  email: string | null;
  photoUrl: string;
  coverImage: string | null;
  bio: string | null;
  publicKey: string | null;
  /** The account is active (the reference's `activate`). */
  active: boolean;
  /** The avatar is an NFT the user holds. */
  nft: boolean;
  /** A site super_admin: every group ability, in every group. */
  superAdmin: boolean;
  /** 0 light, 1 dark, 2 follow the device (contract section 17). */
  darkMode: number;
  apiVersion: number;
  /** The user's preferences, every key filled (stored keys over the defaults). */
  settings: UserSettings;
  /** `email` is confirmed (contract section 20): the confirmed address is still the one set. */
  emailConfirmed: boolean;
  /** The people they ignore (contract section 17), oldest first. */
  ignoring: { id: number; username: string; photoUrl: string }[];
  paymentCusId: string;
  widgetSecret: string;
  likesCount: number;
  postsCount: number;
  lastPostAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Oldest first: the first is the one they signed up with. */
  wallets: { type: number; address: string; publicKey: string | null }[];
  /** Their roles, in the order they were given. */
  adminOf: { groupId: number; role: GroupAdminRole }[];
}

function toUserProfile(row: UserProfileRow): UserProfile {
  const { activate, isNft, superAdmin, adminOf, tallies, ignoring, settings, emailState, ...rest } = row;
  const lastPostAt = talliedLastPostAt(rest.lastPostAt, tallies);
  return {
    ...rest,
    postsCount: talliedPosts(rest.postsCount, tallies),
    lastPostAt,
    // A post no longer writes the user's row; it still counts as an update of the account, as it did.
    updatedAt: lastPostAt && lastPostAt > rest.updatedAt ? lastPostAt : rest.updatedAt,
    active: isSet(activate),
    nft: isSet(isNft),
    superAdmin: superAdmin > 0,
    settings: readUserSettings(settings),
    emailConfirmed: rest.email !== null && emailState?.confirmedAddress === rest.email,
    ignoring: ignoring.map((row) => row.ignoredUser),
    // The query reads levels 1-3 only.
    adminOf: adminOf.map((admin) => ({ groupId: admin.groupId, role: readAdminRole(admin.level)! })),
  };
}

export async function findUserProfile(userId: number): Promise<UserProfile | null> {
  const db = await getDb();
  const row = await db.user.findUnique({ where: { id: userId }, select: USER_PROFILE_SELECT });
  return row ? toUserProfile(row) : null;
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
  tallies: POSTS_TALLY_SELECT,
} satisfies Prisma.UserSelect;

/** What anyone may see of a person. */
export interface PublicProfile {
  id: number;
  username: string;
  photoUrl: string;
  coverImage: string | null;
  bio: string | null;
  createdAt: Date;
  postsCount: number;
}

export async function findPublicProfile(userId: number): Promise<PublicProfile | null> {
  const db = await getDb();
  const row = await db.user.findUnique({ where: { id: userId }, select: PUBLIC_PROFILE_SELECT });
  if (!row) return null;
  const { tallies, ...profile } = row;
  return { ...profile, postsCount: talliedPosts(profile.postsCount, tallies) };
}

/** A new user's own columns. */
export interface NewUserColumns {
  username: string;
  usernameKey: string;
  usernameSkeleton: string;
  photoUrl: string;
  widgetSecret: string;
}

/** Creates a user bound to one wallet; a taken username or wallet surfaces as Prisma's unique violation. */
export async function insertUserWithWallet(
  tx: Tx,
  user: NewUserColumns,
  wallet: { type: number; address: string; publicKey: string | null },
): Promise<{ id: number }> {
  return tx.user.create({ data: { ...user, wallets: { create: wallet } }, select: { id: true } });
}

/** The user columns a profile edit may change (endpoint 6, the settings page); absent ones stay as they are. */
export interface UserColumnChanges {
  username?: string;
  usernameKey?: string;
  usernameSkeleton?: string;
  photoUrl?: string;
  coverImage?: string | null;
  email?: string | null;
  nft?: boolean;
  bio?: string | null;
  darkMode?: number;
}

/** Writes a profile edit; a taken username surfaces as Prisma's unique violation for the caller to name. */
export async function updateUserColumns(userId: number, changes: UserColumnChanges): Promise<void> {
  const { nft, ...data } = changes;
  const db = await getDb();
  await db.user.update({ where: { id: userId }, data: { ...data, ...(nft !== undefined ? { isNft: flagCode(nft) } : {}) }, select: { id: true } });
}

/**
 * Merges a settings change into the stored JSON in one statement (concurrent changes of other
 * keys are kept). Hiding one's online status also forgets when they were last seen, and
 * touchLastSeen (lib/db/presence.ts) records nothing while it is hidden: their posts then read
 * offline and group counts of members online leave them out, for every reader and every cache.
 */
export async function mergeUserSettings(userId: number, patch: UserSettingsPatch): Promise<void> {
  const db = await getDb();
  // Showing it again: they are acting right now, so they are seen now (the touch is throttled).
  const seen = patch.hide_online === undefined ? "keep" : patch.hide_online === 1 ? "hide" : "show";
  await db.$executeRaw`
    UPDATE users SET settings = COALESCE(settings, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb, updated_at = now(),
      last_seen_at = CASE ${seen}::text WHEN 'hide' THEN NULL WHEN 'show' THEN now() ELSE last_seen_at END
    WHERE id = ${userId}`;
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
  return tx.$queryRaw<{ id: number; username: string }[]>`SELECT id, username FROM users WHERE username_skeleton IS NULL AND deleted_at IS NULL ORDER BY id`;
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

/** Whether a user with this id exists and was not deleted (read in the writing transaction): someone a role, ban, badge or invitation can name. */
export async function userExists(tx: Tx, userId: number): Promise<boolean> {
  return (await tx.user.findUnique({ where: { id: userId, deletedAt: null }, select: { id: true } })) !== null;
}
