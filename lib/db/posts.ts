import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import { POST_COLUMNS, POST_SELECT, readPost, type PostRecord, type PostRow } from "@/lib/db/records/post";
import { POST_AUTHOR_SELECT, readPostAuthor, type PostAuthor } from "@/lib/db/records/user-brief";

/** A thread page carries at most this many replies below its top-level posts. */
export const MAX_DESCENDANTS_PER_PAGE = 500;
/** Each post lists at most this many of its like rows (total_likes carries the full count). */
export const MAX_LIKES_PER_POST = 20;
// Attachments are few per post; the cap only keeps one abusive post from bloating a page.
const MAX_ATTACHMENTS_PER_PAGE = 1000;

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
  sha256: true,
  width: true,
  height: true,
  removedAt: true,
} satisfies Prisma.AttachmentSelect;
/** A file attached to a post (an `attachments` row); a deleted upload stays as a marker (removedAt set, sha256 null). */
export interface PostAttachment {
  id: number;
  postId: number | null;
  threadId: number | null;
  groupId: number;
  url: string;
  oldUrl: string;
  name: string;
  /** Bytes, as the reference stores them: a decimal string. */
  size: string;
  mimeType: string;
  ipfs: string | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
  removedAt: Date | null;
}

export interface PostLike {
  id: number;
  userId: number;
  postId: number;
  /** The liker is under a live ban in the post's group (the reference's `likes[].is_ban`). */
  banned: boolean;
}

/** Posts of one thread by id (ids of other threads are left out), oldest first. */
export async function findThreadPosts(threadId: number, ids: readonly number[]): Promise<PostRecord[]> {
  const db = await getDb();
  const rows = await db.post.findMany({ where: { id: { in: [...ids] }, threadId }, select: POST_SELECT, orderBy: { id: "asc" } });
  return rows.map(readPost);
}

export async function findPost(id: number): Promise<PostRecord | null> {
  const db = await getDb();
  const row = await db.post.findUnique({ where: { id }, select: POST_SELECT });
  return row ? readPost(row) : null;
}

export interface TopLevelPageQuery {
  threadId: number;
  /** The thread's first post is shown as `first_post`, never in the listing. */
  firstPostId: number | null;
  sort: "new" | "old";
  pageSize: number;
  /** Keyset cursor: 0 starts at the beginning; otherwise ids strictly after it in sort order. */
  startPostId: number;
  /** Content bytes (delta JSON and HTML) the page may carry: no post is added once they are spent. */
  byteBudget: number;
}

/** Posts of a page and what their content weighs; `cut` when the byte budget left posts out. */
export interface BudgetedPosts {
  posts: PostRecord[];
  bytes: number;
  cut: boolean;
}

// octet_length reads a stored value's size from its header, so the candidates are weighed without
// loading them; only the rows that fit the budget are read.
const CONTENT_BYTES = Prisma.sql`octet_length(content) + COALESCE(octet_length(content_html), 0)`;

type BudgetedRow = PostRow & { bytes: number; candidates: number };

function toBudgeted(rows: BudgetedRow[]): BudgetedPosts {
  const candidates = rows[0]?.candidates ?? 0;
  const bytes = rows.reduce((total, row) => total + row.bytes, 0);
  return { posts: rows.map(readPost), bytes, cut: rows.length < candidates };
}

/**
 * The candidate posts (`id` and content `bytes`, in `order`) whose running content size before
 * them is still under the budget, read in one statement: a page holds at least one post, and
 * the posts past the budget are never loaded.
 */
async function readWithinBudget(candidates: Prisma.Sql, order: Prisma.Sql, byteBudget: number): Promise<BudgetedPosts> {
  const db = await getDb();
  const rows = await db.$queryRaw<BudgetedRow[]>`
    WITH candidate AS (${candidates}), kept AS (
      SELECT id, bytes, sum(bytes) OVER (ORDER BY id ${order}) - bytes AS before FROM candidate
    )
    SELECT ${POST_COLUMNS}, kept.bytes::int AS bytes, (SELECT count(*) FROM candidate)::int AS candidates
    FROM kept JOIN posts p ON p.id = kept.id
    WHERE kept.before < ${byteBudget}
    ORDER BY p.id ${order}`;
  return toBudgeted(rows);
}

/**
 * One page of a thread's top-level posts, by keyset on id (index threadId, parentId, id): up to
 * pageSize candidates, then those that fit the byte budget (so the next page starts after the last).
 */
export async function listTopLevelPosts(query: TopLevelPageQuery): Promise<BudgetedPosts> {
  const newest = query.sort === "new";
  const order = Prisma.raw(newest ? "DESC" : "ASC");
  const cursor = query.startPostId > 0 ? (newest ? Prisma.sql`AND id < ${query.startPostId}` : Prisma.sql`AND id > ${query.startPostId}`) : Prisma.empty;
  const notFirst = query.firstPostId !== null ? Prisma.sql`AND id <> ${query.firstPostId}` : Prisma.empty;
  const candidates = Prisma.sql`SELECT id, ${CONTENT_BYTES} AS bytes FROM posts
    WHERE thread_id = ${query.threadId} AND parent_id IS NULL ${cursor} ${notFirst}
    ORDER BY id ${order} LIMIT ${query.pageSize}`;
  return readWithinBudget(candidates, order, query.byteBudget);
}

/**
 * Every reply below the given top-level posts, in one query on (rootId, id), up to
 * MAX_DESCENDANTS_PER_PAGE and the byte budget. Oldest first, so a reply's parent always precedes
 * it and neither cap ever orphans a kept reply.
 */
export async function listDescendants(rootIds: readonly number[], byteBudget: number): Promise<BudgetedPosts> {
  // Replies have no cursor of their own: `cut` is only informative here.
  if (rootIds.length === 0 || byteBudget <= 0) return { posts: [], bytes: 0, cut: false };
  const candidates = Prisma.sql`SELECT id, ${CONTENT_BYTES} AS bytes FROM posts
    WHERE root_id IN (${Prisma.join([...rootIds])})
    ORDER BY id LIMIT ${MAX_DESCENDANTS_PER_PAGE}`;
  return readWithinBudget(candidates, Prisma.raw("ASC"), byteBudget);
}

export async function loadPostAuthors(userIds: readonly number[]): Promise<Map<number, PostAuthor>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: POST_AUTHOR_SELECT });
  return new Map(rows.map((row) => [row.id, readPostAuthor(row)]));
}

/** Up to MAX_LIKES_PER_POST like rows per post, oldest first, in one windowed query. */
export async function loadPostLikes(postIds: readonly number[]): Promise<Map<number, PostLike[]>> {
  const byPost = new Map<number, PostLike[]>();
  if (postIds.length === 0) return byPost;
  const db = await getDb();
  const rows = await db.$queryRaw<PostLike[]>`
    SELECT ranked.id, ranked.user_id AS "userId", ranked.post_id AS "postId",
      EXISTS (SELECT 1 FROM posts p JOIN group_bans b ON b.group_id = p.group_id
              WHERE p.id = ranked.post_id AND b.user_id = ranked.user_id AND (b.until IS NULL OR b.until > now())) AS banned
    FROM (
      SELECT id, user_id, post_id, row_number() OVER (PARTITION BY post_id ORDER BY id) AS position
      FROM post_likes
      WHERE post_id IN (${Prisma.join([...new Set(postIds)])})
    ) ranked
    WHERE position <= ${MAX_LIKES_PER_POST}
    ORDER BY ranked.post_id, ranked.id`;
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(row);
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** The viewer's own marks on posts: which they like and which they bookmarked. */
export interface ViewerPostMarks {
  liked: Set<number>;
  bookmarked: Set<number>;
}

/** Of postIds, those the viewer liked and those they bookmarked, in one statement (both keyed by user and post). */
export async function loadViewerPostMarks(viewerId: number | null, postIds: readonly number[]): Promise<ViewerPostMarks> {
  const marks: ViewerPostMarks = { liked: new Set(), bookmarked: new Set() };
  if (viewerId === null || postIds.length === 0) return marks;
  const db = await getDb();
  const ids = [...new Set(postIds)];
  const rows = await db.$queryRaw<{ post_id: number; bookmark: boolean }[]>`
    SELECT post_id, false AS bookmark FROM post_likes WHERE user_id = ${viewerId} AND post_id = ANY(${ids}::int[])
    UNION ALL SELECT post_id, true FROM bookmarks WHERE user_id = ${viewerId} AND post_id = ANY(${ids}::int[])`;
  for (const row of rows) (row.bookmark ? marks.bookmarked : marks.liked).add(row.post_id);
  return marks;
}

export async function loadPostAttachments(postIds: readonly number[]): Promise<Map<number, PostAttachment[]>> {
  const byPost = new Map<number, PostAttachment[]>();
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
