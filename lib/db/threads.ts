import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LRUCache } from "lru-cache";
import { getDb } from "@/lib/db/engine/client";
import { isSet } from "@/lib/db/records/codes";
import { readUserBrief, USER_BRIEF_SELECT, type UserBrief } from "@/lib/db/records/user-brief";
import type { TagBrief } from "@/lib/db/tags";

/** How many pinned and hot threads the thread record lists. */
export const SIDEBAR_THREADS = 5;
/** Hot threads are ranked by posts written in this window. */
export const HOT_WINDOW_MS = 30 * 86_400_000;
// The first post's edit history lists at most this many edits, newest first (count is exact).
const MAX_EDIT_HISTORY = 20;

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
  pollCount: true,
  tipCount: true,
  updatedAt: true,
  group: { select: { name: true } },
  user: { select: USER_BRIEF_SELECT },
  // None while the group has tags switched off (contract section 20's topic_organization): a filter of the same read.
  tags: {
    where: { tag: { group: { features: { none: { featureName: "topic_organization", status: 0 } } } } },
    orderBy: [{ tag: { order: "asc" } }, { tagId: "asc" }],
    select: { tag: { select: { id: true, name: true, color: true } } },
  },
} satisfies Prisma.ThreadSelect;

/** A thread as its page and get thread show it. */
export interface ThreadDetail {
  id: number;
  groupId: number;
  groupName: string;
  categoryId: number | null;
  userId: number;
  title: string;
  slug: string;
  firstPostId: number | null;
  postsCount: number;
  firstLevelCount: number;
  participantsCount: number;
  likesCount: number;
  pinned: boolean;
  locked: boolean;
  /** Removed from its group (only its moderators still read it). */
  deleted: boolean;
  galleryId: number;
  lotteryId: number;
  snapshotId: string;
  snapshotAuthor: string;
  /** Contract section 18: how many polls it carries (read with the viewer when > 0). */
  pollCount: number;
  /** Contract section 19: tips on its posts (read with the viewer when > 0). */
  tipCount: number;
  updatedAt: Date;
  user: UserBrief;
  tags: TagBrief[];
}

function readThreadDetail(row: Prisma.ThreadGetPayload<{ select: typeof THREAD_DETAIL_SELECT }>): ThreadDetail {
  const { group, user, tags, isPin, isLocked, isDelete, ...rest } = row;
  return {
    ...rest,
    groupName: group.name,
    pinned: isSet(isPin),
    locked: isSet(isLocked),
    deleted: isSet(isDelete),
    user: readUserBrief(user),
    tags: tags.map(({ tag }) => tag),
  };
}

const PINNED_THREAD_SELECT = { id: true, title: true, categoryId: true, updatedAt: true } satisfies Prisma.ThreadSelect;
export interface PinnedThread {
  id: number;
  title: string;
  categoryId: number | null;
  updatedAt: Date;
}

const HOT_THREAD_SELECT = { id: true, title: true, userId: true, user: { select: USER_BRIEF_SELECT } } satisfies Prisma.ThreadSelect;
export interface HotThread {
  id: number;
  title: string;
  userId: number;
  user: UserBrief;
}

const EDIT_HISTORY_SELECT = {
  id: true,
  postId: true,
  userId: true,
  isHidden: true,
  postType: true,
  user: { select: { username: true } },
} satisfies Prisma.PostEditSelect;

/** One edit of a thread's opening post, as the thread's edit history lists it. */
export interface EditHistoryEntry {
  id: number;
  postId: number;
  userId: number;
  username: string;
  hidden: boolean;
  postType: number;
}

const THREAD_ROUTE_SELECT = {
  id: true,
  userId: true,
  slug: true,
  isDelete: true,
  firstPostId: true,
  groupId: true,
  group: { select: { name: true } },
} satisfies Prisma.ThreadSelect;

/** Where a thread lives, and whether it is still there. */
export interface ThreadRoute {
  id: number;
  userId: number;
  slug: string;
  deleted: boolean;
  firstPostId: number | null;
  groupId: number;
  groupName: string;
}

/** Where a thread lives (group handle and slug): one indexed lookup, for redirects and 404s before a page streams. */
export async function findThreadRoute(id: number): Promise<ThreadRoute | null> {
  const db = await getDb();
  const row = await db.thread.findUnique({ where: { id }, select: THREAD_ROUTE_SELECT });
  if (!row) return null;
  const { group, isDelete, ...rest } = row;
  return { ...rest, deleted: isSet(isDelete), groupName: group.name };
}

const THREAD_LINK_SELECT = {
  id: true,
  title: true,
  slug: true,
  firstPostId: true,
  isDelete: true,
  group: { select: { name: true } },
} satisfies Prisma.ThreadSelect;

/** What a link to a thread needs. */
export interface ThreadLink {
  id: number;
  title: string;
  slug: string;
  firstPostId: number | null;
  deleted: boolean;
  groupName: string;
}

/** What a link to each of these threads needs (title, group handle, slug), in one query. */
export async function findThreadLinks(ids: readonly number[]): Promise<ThreadLink[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.thread.findMany({ where: { id: { in: [...ids] } }, select: THREAD_LINK_SELECT });
  return rows.map(({ group, isDelete, ...rest }) => ({ ...rest, deleted: isSet(isDelete), groupName: group.name }));
}

export async function findThreadDetail(id: number): Promise<ThreadDetail | null> {
  const db = await getDb();
  const row = await db.thread.findUnique({ where: { id }, select: THREAD_DETAIL_SELECT });
  return row ? readThreadDetail(row) : null;
}

/** The group's pinned threads, most recently active first (index groupId, isPin, lastActivityAt). */
export async function listPinnedThreads(groupId: number): Promise<PinnedThread[]> {
  const db = await getDb();
  return db.thread.findMany({
    where: { groupId, isPin: { gt: 0 }, isDelete: 0 },
    orderBy: [{ isPin: "desc" }, { lastActivityAt: "desc" }, { id: "desc" }],
    take: SIDEBAR_THREADS,
    select: PINNED_THREAD_SELECT,
  });
}

async function rankHotThreads(groupId: number): Promise<HotThread[]> {
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
  const byId = new Map(rows.map((row) => [row.id, { ...row, user: readUserBrief(row.user) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Ranking a group's last 30 days of posts is the one read that grows with the group, so each
// group's ranking is kept for a minute (one computation however many readers ask at once);
// a thread that is removed or renamed drops its group's ranking at once (forgetHotThreads).
const hotThreads = new LRUCache<number, HotThread[]>({
  max: 2000,
  ttl: 60_000,
  fetchMethod: (groupId) => rankHotThreads(groupId),
});

/** The group's threads with the most posts in the last 30 days, busiest first (at most a minute old). */
export async function listHotThreads(groupId: number): Promise<HotThread[]> {
  try {
    return (await hotThreads.fetch(groupId)) ?? [];
  } catch (error) {
    // forgetHotThreads during the computation aborts it (lru-cache rejects with "deleted"): what
    // it was reading has changed, so this reader ranks again, uncached.
    if (!(error instanceof Error) || error.message !== "deleted") throw error;
    return rankHotThreads(groupId);
  }
}

/** Drops a group's cached hot threads, after a write that changes what they show. */
export function forgetHotThreads(groupId: number): void {
  hotThreads.delete(groupId);
}

export async function loadEditHistory(postId: number | null): Promise<{ count: number; rows: EditHistoryEntry[] }> {
  if (postId === null) return { count: 0, rows: [] };
  const db = await getDb();
  const [count, rows] = await Promise.all([
    db.postEdit.count({ where: { postId } }),
    db.postEdit.findMany({ where: { postId }, orderBy: { id: "desc" }, take: MAX_EDIT_HISTORY, select: EDIT_HISTORY_SELECT }),
  ]);
  return {
    count,
    rows: rows.map(({ user, isHidden, ...rest }) => ({ ...rest, username: user.username, hidden: isSet(isHidden) })),
  };
}
