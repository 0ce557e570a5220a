import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { findCategoryNames, type CategoryNameRow } from "@/lib/db/categories";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import { isSet, readDeletedBy, type DeletedBy } from "@/lib/db/records/codes";
import { readPostAuthor, type PostAuthor } from "@/lib/db/records/user-brief";
import type { TagBrief } from "@/lib/db/tags";
import { listTagsOfThreads } from "@/lib/db/thread-tags";

const THREAD_LIST_SELECT = {
  id: true,
  groupId: true,
  title: true,
  slug: true,
  galleryId: true,
  snapshotId: true,
  snapshotAuthor: true,
  postsCount: true,
  likesCount: true,
  categoryId: true,
  userId: true,
  firstPostId: true,
  lastPostId: true,
  lastPostUserId: true,
  isPin: true,
  isLocked: true,
  createdAt: true,
  lastActivityAt: true,
} satisfies Prisma.ThreadSelect;

/** A thread as listings show it. */
export interface ThreadListItem {
  id: number;
  groupId: number;
  title: string;
  slug: string;
  galleryId: number;
  snapshotId: string;
  snapshotAuthor: string;
  postsCount: number;
  likesCount: number;
  categoryId: number | null;
  userId: number;
  firstPostId: number | null;
  lastPostId: number | null;
  lastPostUserId: number | null;
  pinned: boolean;
  locked: boolean;
  createdAt: Date;
  lastActivityAt: Date;
}

function readThreadListItem(row: Prisma.ThreadGetPayload<{ select: typeof THREAD_LIST_SELECT }>): ThreadListItem {
  const { isPin, isLocked, ...rest } = row;
  return { ...rest, pinned: isSet(isPin), locked: isSet(isLocked) };
}

/** An opening post as lists show it: `content` is its preview when it is long (lib/delta/preview.ts). */
export interface FirstPostSummary {
  id: number;
  content: string;
  deletedBy: DeletedBy;
  userId: number;
  nsfw: boolean;
}

// content_preview is set exactly when the content is over 8 KB, so a list never loads a long post.
async function listFirstPosts(db: Awaited<ReturnType<typeof getDb>>, ids: readonly number[]): Promise<FirstPostSummary[]> {
  const rows = await db.$queryRaw<{ id: number; content: string; deleted: number; userId: number; nsfw: number }[]>`
    SELECT id, COALESCE(content_preview, content) AS content, deleted, user_id AS "userId", nsfw
    FROM posts WHERE id IN (${Prisma.join([...ids])})`;
  return rows.map((row) => ({ id: row.id, content: row.content, deletedBy: readDeletedBy(row.deleted), userId: row.userId, nsfw: isSet(row.nsfw) }));
}

/** A thread as listings show it: the row with its starter, its last poster, its opening post and its category. */
export interface ThreadListEntry {
  thread: ThreadListItem;
  /** Who started it; null only if that user is gone. */
  starter: PostAuthor | null;
  /** Who posted last (the starter when nobody replied); null only if that user is gone. */
  lastPoster: PostAuthor | null;
  /** The last poster is under a live ban in the group (the reference's `latest_reply.is_ban`). */
  lastPosterBanned: boolean;
  firstPost: FirstPostSummary | null;
  category: CategoryNameRow | null;
  /** Its tags, in its group's order (contract section 18). */
  tags: TagBrief[];
}

/** Which threads a listing walks, and in which order. */
export interface ThreadOrder {
  groupId: number;
  /** 0: every category. */
  categoryId: number;
  /** "new": pinned first, then latest activity; "old": oldest created first. */
  sort: "new" | "old";
  /** Only threads carrying this tag (contract section 18); 0 or absent: any. */
  tagId?: number;
}

export type ThreadListQuery = ThreadOrder & PageWindow;

function listWhere(input: { groupId: number; categoryId: number; tagId?: number }): Prisma.ThreadWhereInput {
  return {
    groupId: input.groupId,
    isDelete: 0,
    ...(input.categoryId > 0 ? { categoryId: input.categoryId } : {}),
    ...(input.tagId ? { tags: { some: { tagId: input.tagId } } } : {}),
  };
}

/**
 * The statement walking a listing's ids in order, from `skip`, at most `take` (null: all). Both
 * orders end on id so that pages never overlap or skip when timestamps tie, and each walks a
 * partial index over live threads (is_delete = 0 written as a literal so every plan can use it):
 * a deep page skips index entries, never heap rows.
 */
function orderedIdsSql(order: ThreadOrder, skip: number, take: number | null): Prisma.Sql {
  const { groupId, categoryId, tagId } = order;
  const inCategory =
    categoryId > 0 ? Prisma.sql`group_id = ${groupId} AND category_id = ${categoryId} AND is_delete = 0` : Prisma.sql`group_id = ${groupId} AND is_delete = 0`;
  // A tag's threads: a semi-join the planner may drive from thread_tags (tag_id) for a rare tag.
  const where = tagId
    ? Prisma.sql`${inCategory} AND EXISTS (SELECT 1 FROM thread_tags tt WHERE tt.thread_id = threads.id AND tt.tag_id = ${tagId})`
    : inCategory;
  const orderBy = order.sort === "old" ? Prisma.sql`id ASC` : Prisma.sql`is_pin DESC, last_activity_at DESC, id DESC`;
  const limit = take === null ? Prisma.empty : Prisma.sql` LIMIT ${take}`;
  const offset = skip === 0 ? Prisma.empty : Prisma.sql` OFFSET ${skip}`;
  return Prisma.sql`SELECT id FROM threads WHERE ${where} ORDER BY ${orderBy}${offset}${limit}`;
}

async function listPageIds(db: Awaited<ReturnType<typeof getDb>>, query: ThreadListQuery): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>(orderedIdsSql(query, query.skip, query.take));
  return rows.map((row) => row.id);
}

/** Every live thread id of a listing, in its order (deep pages are slices of it: lib/services/thread-orders.ts). */
export async function listOrderedThreadIds(order: ThreadOrder): Promise<Int32Array> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>(orderedIdsSql(order, 0, null));
  return Int32Array.from(rows, (row) => row.id);
}

type ListedUserRow = { id: number; username: string; photoUrl: string; isNft: number; lastSeenAt: Date | null; bannedIn: number[] };

/** Starters and last posters, each with the groups (of these) whose live ban keeps them out now: one statement. */
function listUsersWithBans(db: Awaited<ReturnType<typeof getDb>>, groupIds: readonly number[], ids: readonly number[]): Promise<ListedUserRow[]> {
  return db.$queryRaw<ListedUserRow[]>`
    SELECT u.id, u.username, u.photo_url AS "photoUrl", u.is_nft AS "isNft", u.last_seen_at AS "lastSeenAt",
      ARRAY(SELECT b.group_id FROM group_bans b WHERE b.group_id = ANY(${[...groupIds]}::int[]) AND b.user_id = u.id AND (b.until IS NULL OR b.until > now())) AS "bannedIn"
    FROM users u WHERE u.id IN (${Prisma.join([...ids])})`;
}

function uniqueIds(values: Array<number | null>): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

/** One page of a group's (or one category's) live threads: the page's ids, its rows and three `in` queries, whatever its size. */
export async function listThreadEntries(query: ThreadListQuery): Promise<ThreadListEntry[]> {
  const db = await getDb();
  return loadThreadEntries(query.groupId, await listPageIds(db, query));
}

/** The listing rows of these threads (of one group, or of any for `null`), in the order of `ids` (those no longer there are left out). */
export async function loadThreadEntries(groupId: number | null, ids: readonly number[]): Promise<ThreadListEntry[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const found = await db.thread.findMany({ where: { id: { in: [...ids] } }, select: THREAD_LIST_SELECT });
  const byId = new Map(found.map((row) => [row.id, readThreadListItem(row)]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  // Starters and last posters in one query: a relation would cost a statement of its own.
  const lastUserIds = uniqueIds(rows.flatMap((row) => [row.userId, row.lastPostUserId ?? row.userId]));
  const firstPostIds = uniqueIds(rows.map((row) => row.firstPostId));
  const [users, firstPosts, categories, tags] = await Promise.all([
    lastUserIds.length === 0 ? [] : listUsersWithBans(db, groupId === null ? uniqueIds(rows.map((row) => row.groupId)) : [groupId], lastUserIds),
    firstPostIds.length === 0 ? [] : listFirstPosts(db, firstPostIds),
    findCategoryNames(uniqueIds(rows.map((row) => row.categoryId))),
    listTagsOfThreads(rows.map((row) => row.id)),
  ]);
  const usersById = new Map<number, PostAuthor>(users.map((user) => [user.id, readPostAuthor(user)]));
  const bannedIn = new Map(users.map((user) => [user.id, user.bannedIn]));
  const postsById = new Map(firstPosts.map((post) => [post.id, post]));
  return rows.map((thread) => ({
    thread,
    starter: usersById.get(thread.userId) ?? null,
    lastPoster: usersById.get(thread.lastPostUserId ?? thread.userId) ?? null,
    lastPosterBanned: bannedIn.get(thread.lastPostUserId ?? thread.userId)?.includes(thread.groupId) ?? false,
    firstPost: thread.firstPostId === null ? null : (postsById.get(thread.firstPostId) ?? null),
    category: thread.categoryId === null ? null : (categories.get(thread.categoryId) ?? null),
    tags: tags.get(thread.id) ?? [],
  }));
}

/** How many live threads a group (or one of its categories, categoryId > 0; or carrying a tag) holds, for page counts. */
export async function countGroupThreads(input: { groupId: number; categoryId: number; tagId?: number }): Promise<number> {
  const db = await getDb();
  return db.thread.count({ where: listWhere(input) });
}
