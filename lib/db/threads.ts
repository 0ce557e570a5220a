import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LRUCache } from "lru-cache";
import { getDb } from "@/lib/db/client";

/** How many pinned and hot threads the thread record lists. */
export const SIDEBAR_THREADS = 5;
/** Hot threads are ranked by posts written in this window. */
export const HOT_WINDOW_MS = 30 * 86_400_000;
// The first post's edit history lists at most this many edits, newest first (count is exact).
const MAX_EDIT_HISTORY = 20;

const USER_BRIEF_SELECT = { id: true, username: true, photoUrl: true, isNft: true } satisfies Prisma.UserSelect;

export const THREAD_DETAIL_SELECT = {
  id: true,
  groupId: true,
  categoryId: true,
  userId: true,
  title: true,
  slug: true,
  firstPostId: true,
  postsCount: true,
  firstLevelCount: true,
  participantsCount: true,
  likesCount: true,
  isPin: true,
  isLocked: true,
  isDelete: true,
  galleryId: true,
  lotteryId: true,
  snapshotId: true,
  snapshotAuthor: true,
  updatedAt: true,
  group: { select: { name: true } },
  user: { select: USER_BRIEF_SELECT },
  tags: { orderBy: { tagId: "asc" }, select: { tag: { select: { id: true, name: true } } } },
} satisfies Prisma.ThreadSelect;
export type ThreadDetailRow = Prisma.ThreadGetPayload<{ select: typeof THREAD_DETAIL_SELECT }>;

export const PINNED_THREAD_SELECT = { id: true, title: true, categoryId: true, updatedAt: true } satisfies Prisma.ThreadSelect;
export type PinnedThreadRow = Prisma.ThreadGetPayload<{ select: typeof PINNED_THREAD_SELECT }>;

export const HOT_THREAD_SELECT = { id: true, title: true, userId: true, user: { select: USER_BRIEF_SELECT } } satisfies Prisma.ThreadSelect;
export type HotThreadRow = Prisma.ThreadGetPayload<{ select: typeof HOT_THREAD_SELECT }>;

export const EDIT_HISTORY_SELECT = {
  id: true,
  postId: true,
  userId: true,
  isHidden: true,
  postType: true,
  user: { select: { username: true } },
} satisfies Prisma.PostEditSelect;
export type EditHistoryRow = Prisma.PostEditGetPayload<{ select: typeof EDIT_HISTORY_SELECT }>;

const THREAD_ROUTE_SELECT = {
  id: true,
  userId: true,
  slug: true,
  isDelete: true,
  firstPostId: true,
  groupId: true,
  group: { select: { name: true } },
} satisfies Prisma.ThreadSelect;
export type ThreadRouteRow = Prisma.ThreadGetPayload<{ select: typeof THREAD_ROUTE_SELECT }>;

/** Where a thread lives (group handle and slug): one indexed lookup, for redirects and 404s before a page streams. */
export async function findThreadRoute(id: number): Promise<ThreadRouteRow | null> {
  const db = await getDb();
  return db.thread.findUnique({ where: { id }, select: THREAD_ROUTE_SELECT });
}

const THREAD_LINK_SELECT = {
  id: true,
  title: true,
  slug: true,
  firstPostId: true,
  isDelete: true,
  group: { select: { name: true } },
} satisfies Prisma.ThreadSelect;
export type ThreadLinkRow = Prisma.ThreadGetPayload<{ select: typeof THREAD_LINK_SELECT }>;

/** What a link to each of these threads needs (title, group handle, slug), in one query. */
export async function findThreadLinks(ids: readonly number[]): Promise<ThreadLinkRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db.thread.findMany({ where: { id: { in: [...ids] } }, select: THREAD_LINK_SELECT });
}

export async function findThreadDetail(id: number): Promise<ThreadDetailRow | null> {
  const db = await getDb();
  return db.thread.findUnique({ where: { id }, select: THREAD_DETAIL_SELECT });
}

/** The group's pinned threads, most recently active first (index groupId, isPin, lastActivityAt). */
export async function listPinnedThreads(groupId: number): Promise<PinnedThreadRow[]> {
  const db = await getDb();
  return db.thread.findMany({
    where: { groupId, isPin: { gt: 0 }, isDelete: 0 },
    orderBy: [{ isPin: "desc" }, { lastActivityAt: "desc" }, { id: "desc" }],
    take: SIDEBAR_THREADS,
    select: PINNED_THREAD_SELECT,
  });
}

async function rankHotThreads(groupId: number): Promise<HotThreadRow[]> {
  const db = await getDb();
  const ranked = await db.post.groupBy({
    by: ["threadId"],
    where: { groupId, deleted: 0, createdAt: { gte: new Date(Date.now() - HOT_WINDOW_MS) }, thread: { isDelete: 0 } },
    _count: { id: true },
    orderBy: [{ _count: { id: "desc" } }, { threadId: "desc" }],
    take: SIDEBAR_THREADS,
  });
  const ids = ranked.map((row) => row.threadId);
  if (ids.length === 0) return [];
  const rows = await db.thread.findMany({ where: { id: { in: ids }, isDelete: 0 }, select: HOT_THREAD_SELECT });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Ranking a group's last 30 days of posts is the one read that grows with the group, so each
// group's ranking is kept for a minute (one computation however many readers ask at once);
// a thread that is removed or renamed drops its group's ranking at once (forgetHotThreads).
const hotThreads = new LRUCache<number, HotThreadRow[]>({
  max: 2000,
  ttl: 60_000,
  fetchMethod: (groupId) => rankHotThreads(groupId),
});

/** The group's threads with the most posts in the last 30 days, busiest first (at most a minute old). */
export async function listHotThreads(groupId: number): Promise<HotThreadRow[]> {
  return (await hotThreads.fetch(groupId)) ?? [];
}

/** Drops a group's cached hot threads, after a write that changes what they show. */
export function forgetHotThreads(groupId: number): void {
  hotThreads.delete(groupId);
}

export async function loadEditHistory(postId: number | null): Promise<{ count: number; rows: EditHistoryRow[] }> {
  if (postId === null) return { count: 0, rows: [] };
  const db = await getDb();
  const [count, rows] = await Promise.all([
    db.postEdit.count({ where: { postId } }),
    db.postEdit.findMany({ where: { postId }, orderBy: { id: "desc" }, take: MAX_EDIT_HISTORY, select: EDIT_HISTORY_SELECT }),
  ]);
  return { count, rows };
}
