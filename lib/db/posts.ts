import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

/** A thread page carries at most this many replies below its top-level posts. */
export const MAX_DESCENDANTS_PER_PAGE = 500;
/** Each post lists at most this many of its like rows (total_likes carries the full count). */
export const MAX_LIKES_PER_POST = 20;
// Attachments are few per post; the cap only keeps one abusive post from bloating a page.
const MAX_ATTACHMENTS_PER_PAGE = 1000;

export const POST_SELECT = {
  id: true,
  threadId: true,
  groupId: true,
  userId: true,
  parentId: true,
  rootId: true,
  depth: true,
  content: true,
  contentHtml: true,
  nsfw: true,
  deleted: true,
  editedAt: true,
  sign: true,
  archiveId: true,
  replyUid: true,
  childrenCount: true,
  likesCount: true,
  reportCount: true,
  tipCount: true,
  createdAt: true,
  updatedAt: true,
  // Who deleted it is loaded with the authors (loadPostNodes), not as a relation: a relation
  // costs Prisma one more statement per query, even when no post of the page is deleted.
  deletedById: true,
} satisfies Prisma.PostSelect;
export type PostRow = Prisma.PostGetPayload<{ select: typeof POST_SELECT }>;

export const POST_AUTHOR_SELECT = {
  id: true,
  username: true,
  photoUrl: true,
  isNft: true,
  lastSeenAt: true,
} satisfies Prisma.UserSelect;
export type PostAuthorRow = Prisma.UserGetPayload<{ select: typeof POST_AUTHOR_SELECT }>;

export const POST_ATTACHMENT_SELECT = {
  id: true,
  postId: true,
  threadId: true,
  groupId: true,
  url: true,
  oldUrl: true,
  name: true,
  size: true,
  mimeType: true,
  ipfs: true,
} satisfies Prisma.AttachmentSelect;
export type PostAttachmentRow = Prisma.AttachmentGetPayload<{ select: typeof POST_ATTACHMENT_SELECT }>;

export interface PostLikeRow {
  id: number;
  userId: number;
  postId: number;
  isBan: number;
}

export async function findPost(id: number): Promise<PostRow | null> {
  const db = await getDb();
  return db.post.findUnique({ where: { id }, select: POST_SELECT });
}

export interface TopLevelPageQuery {
  threadId: number;
  /** The thread's first post is shown as `first_post`, never in the listing. */
  firstPostId: number | null;
  sort: "new" | "old";
  pageSize: number;
  /** Keyset cursor: 0 starts at the beginning; otherwise ids strictly after it in sort order. */
  startPostId: number;
}

/** One page of a thread's top-level posts, by keyset on id (index threadId, parentId, id). */
export async function listTopLevelPosts(query: TopLevelPageQuery): Promise<PostRow[]> {
  const db = await getDb();
  const newest = query.sort === "new";
  const cursor = query.startPostId > 0 ? (newest ? { lt: query.startPostId } : { gt: query.startPostId }) : {};
  return db.post.findMany({
    where: {
      threadId: query.threadId,
      parentId: null,
      id: { ...cursor, ...(query.firstPostId !== null ? { not: query.firstPostId } : {}) },
    },
    orderBy: { id: newest ? "desc" : "asc" },
    take: query.pageSize,
    select: POST_SELECT,
  });
}

/**
 * Every reply below the given top-level posts, in one query on (rootId, id). Oldest first, so
 * a reply's parent always precedes it and the cap never orphans a kept reply.
 */
export async function listDescendants(rootIds: readonly number[]): Promise<PostRow[]> {
  if (rootIds.length === 0) return [];
  const db = await getDb();
  return db.post.findMany({
    where: { rootId: { in: [...rootIds] } },
    orderBy: { id: "asc" },
    take: MAX_DESCENDANTS_PER_PAGE,
    select: POST_SELECT,
  });
}

export async function loadPostAuthors(userIds: readonly number[]): Promise<Map<number, PostAuthorRow>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: POST_AUTHOR_SELECT });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Up to MAX_LIKES_PER_POST like rows per post, oldest first, in one windowed query. */
export async function loadPostLikes(postIds: readonly number[]): Promise<Map<number, PostLikeRow[]>> {
  const byPost = new Map<number, PostLikeRow[]>();
  if (postIds.length === 0) return byPost;
  const db = await getDb();
  const rows = await db.$queryRaw<PostLikeRow[]>`
    SELECT id, user_id AS "userId", post_id AS "postId", is_ban AS "isBan"
    FROM (
      SELECT id, user_id, post_id, is_ban, row_number() OVER (PARTITION BY post_id ORDER BY id) AS position
      FROM post_likes
      WHERE post_id IN (${Prisma.join([...new Set(postIds)])})
    ) ranked
    WHERE position <= ${MAX_LIKES_PER_POST}
    ORDER BY post_id, id`;
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(row);
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** The subset of postIds the viewer liked (unique index postId, userId). */
export async function loadViewerLikedPostIds(viewerId: number | null, postIds: readonly number[]): Promise<Set<number>> {
  if (viewerId === null || postIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.postLike.findMany({
    where: { userId: viewerId, postId: { in: [...new Set(postIds)] } },
    select: { postId: true },
  });
  return new Set(rows.map((row) => row.postId));
}

export async function loadPostAttachments(postIds: readonly number[]): Promise<Map<number, PostAttachmentRow[]>> {
  const byPost = new Map<number, PostAttachmentRow[]>();
  if (postIds.length === 0) return byPost;
  const db = await getDb();
  const rows = await db.attachment.findMany({
    where: { postId: { in: [...new Set(postIds)] } },
    orderBy: { id: "asc" },
    take: MAX_ATTACHMENTS_PER_PAGE,
    select: POST_ATTACHMENT_SELECT,
  });
  for (const row of rows) {
    if (row.postId === null) continue;
    const list = byPost.get(row.postId) ?? [];
    list.push(row);
    byPost.set(row.postId, list);
  }
  return byPost;
}
