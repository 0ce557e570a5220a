import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { findUserMembershipFacts } from "@/lib/db/memberships";
import { isSet, type GroupAdminRole } from "@/lib/db/records/codes";
import { loadUserAdminRoles } from "@/lib/db/roles";
import { findUserProfile, type UserProfile } from "@/lib/db/users";
import { POSTS_TALLY_SELECT, talliedPosts } from "@/lib/db/tallies";

// The groups the me-style user shapes embed: the person's own, and some they are not in.

export const USER_GROUPS_LIMIT = 50;
export const RECOMMEND_GROUPS_LIMIT = 10;

const USER_GROUP_ITEM_SELECT = {
  id: true,
  name: true,
  title: true,
  cover: true,
  logo: true,
  description: true,
  ownerId: true,
  membersCount: true,
  postsCount: true,
  tallies: POSTS_TALLY_SELECT,
  noRecommend: true,
  superNoRecommend: true,
  mainTokenAddress: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.GroupSelect;

type UserGroupItemRow = Prisma.GroupGetPayload<{ select: typeof USER_GROUP_ITEM_SELECT }>;

/** A group in a person's lists. */
export interface UserGroupItem {
  id: number;
  name: string;
  title: string;
  cover: string;
  logo: string;
  description: string;
  ownerId: number | null;
  membersCount: number;
  postsCount: number;
  noRecommend: boolean;
  superNoRecommend: boolean;
  mainTokenAddress: string;
  createdAt: Date;
  updatedAt: Date;
}

function toUserGroupItem(row: UserGroupItemRow): UserGroupItem {
  const { tallies, ...group } = row;
  return {
    ...group,
    postsCount: talliedPosts(group.postsCount, tallies),
    noRecommend: isSet(group.noRecommend),
    superNoRecommend: isSet(group.superNoRecommend),
  };
}

/** The groups the user belongs to, most recently joined first. */
export async function listUserGroups(userId: number, limit = USER_GROUPS_LIMIT): Promise<UserGroupItem[]> {
  const db = await getDb();
  const memberships = await db.groupMember.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    take: limit,
    select: { group: { select: USER_GROUP_ITEM_SELECT } },
  });
  return memberships.map((membership) => toUserGroupItem(membership.group));
}

/** The most recently active groups the user is not in (hidden ones, and those flagged not to be recommended, left out). */
export async function listRecommendedGroups(userId: number, limit = RECOMMEND_GROUPS_LIMIT): Promise<UserGroupItem[]> {
  const db = await getDb();
  const rows = await db.group.findMany({
    where: { members: { none: { userId } }, visibility: { lt: 2 }, noRecommend: "0", superNoRecommend: "0" },
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: limit,
    select: USER_GROUP_ITEM_SELECT,
  });
  return rows.map(toUserGroupItem);
}

export interface UserBundle {
  user: UserProfile;
  groups: UserGroupItem[];
  /** The user's role in each of `groups` where they hold one (the owner's always); a plain member has none. */
  adminRoles: Map<number, GroupAdminRole>;
  recommended: UserGroupItem[];
  /** Groups where the user is banned, and with an open invitation for them (contract section 14). */
  banGroups: number[];
  inviteGroups: number[];
}

/** The profile plus the group lists the me-style shapes embed (four queries, however many groups). */
export async function findUserBundle(userId: number, options: { groups: boolean }): Promise<UserBundle | null> {
  const [user, groups, recommended, facts] = await Promise.all([
    findUserProfile(userId),
    options.groups ? listUserGroups(userId) : Promise.resolve([]),
    listRecommendedGroups(userId),
    findUserMembershipFacts(userId),
  ]);
  if (!user) return null;
  const adminRoles = await loadUserAdminRoles(
    userId,
    groups.map((group) => group.id),
  );
  // The owner is the owner even if the group_admins row went missing (as in get group info).
  for (const group of groups) if (group.ownerId === userId) adminRoles.set(group.id, "owner");
  return { user, groups, adminRoles, recommended, banGroups: facts.banGroups, inviteGroups: facts.inviteGroups };
}
