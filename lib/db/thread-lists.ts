import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { findCategoryNames, type CategoryNameRow } from "@/lib/db/categories";
import { getDb } from "@/lib/db/client";
import { POST_AUTHOR_SELECT, type PostAuthorRow } from "@/lib/db/posts";

export const THREAD_LIST_SELECT = {
  id: true,
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
} satisfies Prisma.ThreadSelect;

export type ThreadListRow = Prisma.ThreadGetPayload<{ select: typeof THREAD_LIST_SELECT }>;

export const FIRST_POST_SUMMARY_SELECT = {
  id: true,
  content: true,
  deleted: true,
  userId: true,
  nsfw: true,
} satisfies Prisma.PostSelect;

export type FirstPostSummaryRow = Prisma.PostGetPayload<{ select: typeof FIRST_POST_SUMMARY_SELECT }>;

export interface ThreadListRelations {
  users: Map<number, PostAuthorRow>;
  firstPosts: Map<number, FirstPostSummaryRow>;
  categories: Map<number, CategoryNameRow>;
}

export interface ThreadPageQuery {
  groupId: number;
  /** 0: every category. */
  categoryId: number;
  /** "new": pinned first, then latest activity; "old": oldest created first. */
  sort: "new" | "old";
  skip: number;
  take: number;
}

function listWhere(input: { groupId: number; categoryId: number }): Prisma.ThreadWhereInput {
  return { groupId: input.groupId, isDelete: 0, ...(input.categoryId > 0 ? { categoryId: input.categoryId } : {}) };
}

// Both orders end on id so that pages never overlap or skip when timestamps tie. "new" walks
// threads(group_id, is_pin desc, last_activity_at desc, id desc); "old" walks threads(group_id, id).
function listOrder(sort: ThreadPageQuery["sort"]): Prisma.ThreadOrderByWithRelationInput[] {
  if (sort === "old") return [{ id: "asc" }];
  return [{ isPin: "desc" }, { lastActivityAt: "desc" }, { id: "desc" }];
}

/** One page of a group's (or one category's) live threads. */
export async function listThreadsPage(input: ThreadPageQuery): Promise<ThreadListRow[]> {
  const db = await getDb();
  return db.thread.findMany({
    where: listWhere(input),
    orderBy: listOrder(input.sort),
    skip: input.skip,
    take: input.take,
    select: THREAD_LIST_SELECT,
  });
}

/** How many live threads a group (or one of its categories, categoryId > 0) holds, for page counts. */
export async function countGroupThreads(input: { groupId: number; categoryId: number }): Promise<number> {
  const db = await getDb();
  return db.thread.count({ where: listWhere(input) });
}

function uniqueIds(values: Array<number | null>): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

/** Everything a page of list items shows besides the thread rows: three `in` queries, whatever the page size. */
export async function loadThreadListRelations(rows: ThreadListRow[]): Promise<ThreadListRelations> {
  const db = await getDb();
  const userIds = uniqueIds(rows.map((row) => row.lastPostUserId ?? row.userId));
  const firstPostIds = uniqueIds(rows.map((row) => row.firstPostId));
  const categoryIds = uniqueIds(rows.map((row) => row.categoryId));
  const [users, firstPosts, categories] = await Promise.all([
    userIds.length === 0 ? [] : db.user.findMany({ where: { id: { in: userIds } }, select: POST_AUTHOR_SELECT }),
    firstPostIds.length === 0
      ? []
      : db.post.findMany({ where: { id: { in: firstPostIds } }, select: FIRST_POST_SUMMARY_SELECT }),
    findCategoryNames(categoryIds),
  ]);
  return {
    users: new Map(users.map((user) => [user.id, user])),
    firstPosts: new Map(firstPosts.map((post) => [post.id, post])),
    categories,
  };
}

/** skip/take for a 1-based page; callers outside the API get the same bounds the API enforces. */
export function toPageWindow(page: number, perPage: number): { skip: number; take: number } {
  const take = Math.min(Math.max(Math.trunc(perPage) || 1, 1), 100);
  const safePage = Math.max(Math.trunc(page) || 1, 1);
  return { skip: (safePage - 1) * take, take };
}
