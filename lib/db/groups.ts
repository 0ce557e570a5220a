import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb, getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";
import type { PageWindow } from "@/lib/db/pagination";
import { ONLINE_WINDOW_MS } from "@/lib/db/presence";
import { parseGate, type Gate } from "@/lib/db/token-gates";
import { parseTipTokens, type TipToken } from "@/lib/db/tip-tokens";
import { readAttachRules, type AttachRules } from "@/lib/db/attach-rules";
import { POSTS_TALLY_SELECT, talliedPosts } from "@/lib/db/tallies";
import { isSet, readAdminRole, readJoining, readVisibility, type GroupAdminRole, type GroupJoining, type GroupVisibility } from "@/lib/db/records/codes";

/** A group's live admin rows (owner, admins, moderators), as get group info lists them; a level that names no role is no row. */
const GROUP_ADMINS_QUERY = { where: { deletedAt: null, level: { in: [1, 2, 3] } }, orderBy: { id: "asc" } } satisfies Prisma.Group$adminsArgs;
type GroupAdminRow = Prisma.GroupAdminGetPayload<object>;

/** A person's role in a group (a group_admins row). */
export interface GroupAdminRecord {
  id: number;
  groupId: number;
  userId: number;
  role: GroupAdminRole;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAdminRecord(row: GroupAdminRow): GroupAdminRecord {
  const { level, ...rest } = row;
  // The query reads levels 1-3 only.
  return { ...rest, role: readAdminRole(level)! };
}

/** The live admin rows of a group. */
export async function listGroupAdmins(groupId: number): Promise<GroupAdminRecord[]> {
  const db = await getDb();
  const rows = await db.groupAdmin.findMany({ ...GROUP_ADMINS_QUERY, where: { ...GROUP_ADMINS_QUERY.where, groupId } });
  return rows.map(toAdminRecord);
}

const GROUP_DETAIL_SELECT = {
  id: true,
  name: true,
  title: true,
  description: true,
  cover: true,
  logo: true,
  ownerId: true,
  joining: true,
  visibility: true,
  noRecommend: true,
  superNoRecommend: true,
  chainType: true,
  openReadonly: true,
  mainTokenAddress: true,
  erc20Token: true,
  settings: true,
  attachedFiles: true,
  gate: true,
  archive: true,
  tipTokens: true,
  membersCount: true,
  createdAt: true,
  updatedAt: true,
  features: { orderBy: { id: "asc" } },
  admins: GROUP_ADMINS_QUERY,
  // Contract section 18's poll_category: categories whose new threads must carry a poll.
  categories: { where: { requiresPoll: 1 }, select: { id: true }, orderBy: { id: "asc" } },
} satisfies Prisma.GroupSelect;

type GroupDetailRow = Prisma.GroupGetPayload<{ select: typeof GROUP_DETAIL_SELECT }>;

/** One of a group's features (the reference's feature list). */
export interface GroupFeatureRecord {
  id: number;
  name: string;
  isSetting: boolean;
  status: number | null;
}

/** A group as its pages and get group info show it. */
export interface GroupDetail {
  id: number;
  name: string;
  title: string;
  description: string;
  cover: string;
  logo: string;
  /** Null while the group has no owner (contract section 20: its owner left and no one else was in it). */
  ownerId: number | null;
  joining: GroupJoining;
  visibility: GroupVisibility;
  /** Non-members of a public group read but must join before they write. */
  openReadonly: boolean;
  noRecommend: boolean;
  superNoRecommend: boolean;
  chainType: string;
  mainTokenAddress: string;
  /** Stored JSON the group's wire shape reads fields of: the token it shows, its display settings. */
  erc20Token: unknown;
  settings: unknown;
  /** The token gate, if any. */
  gate: Gate | null;
  attachRules: AttachRules;
  /** Contract section 19: every new post and revision is archived. */
  archive: boolean;
  /** Contract section 19: the tokens members may tip in. */
  tipTokens: TipToken[];
  membersCount: number;
  createdAt: Date;
  updatedAt: Date;
  features: GroupFeatureRecord[];
  admins: GroupAdminRecord[];
  /** Contract section 18: the categories whose new threads must carry a poll. */
  pollCategoryIds: number[];
}

function toGroupDetail(row: GroupDetailRow): GroupDetail {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    cover: row.cover,
    logo: row.logo,
    ownerId: row.ownerId,
    joining: readJoining(row.joining),
    visibility: readVisibility(row.visibility),
    openReadonly: isSet(row.openReadonly),
    noRecommend: isSet(row.noRecommend),
    superNoRecommend: isSet(row.superNoRecommend),
    chainType: row.chainType,
    mainTokenAddress: row.mainTokenAddress,
    erc20Token: row.erc20Token,
    settings: row.settings,
    gate: parseGate(row.gate),
    attachRules: readAttachRules(row.attachedFiles),
    archive: isSet(row.archive),
    tipTokens: parseTipTokens(row.tipTokens),
    membersCount: row.membersCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    features: row.features.map((feature) => ({ id: feature.id, name: feature.featureName, isSetting: isSet(feature.isSetting), status: feature.status })),
    admins: row.admins.map(toAdminRecord),
    pollCategoryIds: row.categories.map((category) => category.id),
  };
}

/** By id, or by handle (handles are stored lower-case). */
export type GroupKey = { id: number } | { name: string };

/** The unique lookup for a key: handles match case-insensitively. */
export function groupWhere(key: GroupKey): { id: number } | { name: string } {
  return "name" in key ? { name: key.name.trim().toLowerCase() } : key;
}

export async function findGroupDetail(key: GroupKey): Promise<GroupDetail | null> {
  const db = await getDb();
  const row = await db.group.findUnique({ where: groupWhere(key), select: GROUP_DETAIL_SELECT });
  return row ? toGroupDetail(row) : null;
}

export interface GroupHandle {
  id: number;
  name: string;
  ownerId: number | null;
}

/** The group's id, handle and owner: enough to know it exists before reading or writing into it. */
export async function findGroupHandle(key: GroupKey): Promise<GroupHandle | null> {
  const db = await getDb();
  return db.group.findUnique({ where: groupWhere(key), select: { id: true, name: true, ownerId: true } });
}

export async function isGroupNameTaken(name: string): Promise<boolean> {
  const db = await getDb();
  return (await db.group.findUnique({ where: { name }, select: { id: true } })) !== null;
}

export async function countOnlineMembers(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupMember.count({
    where: { groupId, user: { lastSeenAt: { gte: new Date(Date.now() - ONLINE_WINDOW_MS) } } },
  });
}

const GROUP_DIRECTORY_SELECT = {
  id: true,
  name: true,
  title: true,
  description: true,
  logo: true,
  visibility: true,
  membersCount: true,
  threadsCount: true,
  postsCount: true,
  tallies: POSTS_TALLY_SELECT,
  lastActivityAt: true,
} satisfies Prisma.GroupSelect;

/** A group in the directory. */
export interface GroupCard {
  id: number;
  name: string;
  title: string;
  description: string;
  logo: string;
  visibility: GroupVisibility;
  membersCount: number;
  threadsCount: number;
  postsCount: number;
  lastActivityAt: Date;
}

/** Groups a person may know exist (contract section 14): hidden ones only for their members. */
export function visibleGroupsWhere(userId: number | null): Prisma.GroupWhereInput {
  if (userId === null) return { visibility: { lt: 2 } };
  return { OR: [{ visibility: { lt: 2 } }, { members: { some: { userId } } }, { admins: { some: { userId, deletedAt: null } } }, { ownerId: userId }] };
}

/** Whether some hidden group counts this user in (a member, an admin or its owner): the directory then shows them more than a guest. */
const HIDDEN_GROUP_ACCESS_SQL = `SELECT EXISTS (SELECT 1 FROM groups g WHERE g.visibility >= 2 AND (g.owner_id = $1
    OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $1)
    OR EXISTS (SELECT 1 FROM group_admins a WHERE a.group_id = g.id AND a.user_id = $1 AND a.deleted_at IS NULL))) AS sees`;

export async function hasHiddenGroupAccess(userId: number): Promise<boolean> {
  // On every signed-in home page: one named statement on the pool (lib/db/engine/statements.ts).
  const pool = await getPool();
  const { rows } = await pool.query<{ sees: boolean }>(statement(HIDDEN_GROUP_ACCESS_SQL, [userId]));
  return rows[0]?.sees ?? false;
}

/** One page of the groups directory: most recently active first (index last_activity_at desc). */
export async function listGroupDirectory(window: PageWindow, userId: number | null = null): Promise<GroupCard[]> {
  const db = await getDb();
  const rows = await db.group.findMany({
    where: visibleGroupsWhere(userId),
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    ...window,
    select: GROUP_DIRECTORY_SELECT,
  });
  return rows.map(({ tallies, ...row }) => ({ ...row, postsCount: talliedPosts(row.postsCount, tallies), visibility: readVisibility(row.visibility) }));
}

export async function countGroups(userId: number | null = null): Promise<number> {
  const db = await getDb();
  return db.group.count({ where: visibleGroupsWhere(userId) });
}
