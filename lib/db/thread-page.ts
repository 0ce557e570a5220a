import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { BOOKKEEPING_SQL, hasReadReplica } from "@/lib/db/engine/read-routing";
import { getEnv } from "@/lib/env";
import { loadPostNodes, type PostNode } from "@/lib/db/post-tree";
import { findPost, listDescendants, listTopLevelPosts, type TopLevelPageQuery } from "@/lib/db/posts";
import { loadAdminRoles } from "@/lib/db/roles";
import type { GroupAdminRole } from "@/lib/db/records/codes";
import {
  listHotThreads,
  listPinnedThreads,
  loadEditHistory,
  type EditHistoryEntry,
  type HotThread,
  type PinnedThread,
  type ThreadDetail,
} from "@/lib/db/threads";

/**
 * The thread read model: a thread, its opening post, one page of top-level posts with replies, and
 * its sidebar. As loaded it is the same for every reader (no likes of the viewer, not subscribed),
 * so it can be kept; `personaliseThreadPage` adds what one viewer sees of it.
 */
export interface ThreadPageRecord {
  thread: ThreadDetail;
  firstPost: PostNode;
  /** The opening post's author's role in the group, null if none. */
  firstPostAuthorRole: GroupAdminRole | null;
  /** The page of top-level posts in the requested order, replies nested. */
  posts: PostNode[];
  /** The page stopped early at its content byte budget (AGORA_PAGE_CONTENT_BYTES): more posts follow its last. */
  cutByBudget: boolean;
  /** Content bytes (delta JSON and HTML) of every post the record holds, for bounded caches. */
  contentBytes: number;
  pinned: PinnedThread[];
  hots: HotThread[];
  editHistory: { count: number; rows: EditHistoryEntry[] };
  participants: number;
  viewerSubscribed: boolean;
}

export type ThreadPageQuery = Omit<TopLevelPageQuery, "threadId" | "firstPostId" | "byteBudget">;

function measurePost(post: { content: string; contentHtml: string | null }): number {
  return Buffer.byteLength(post.content) + (post.contentHtml === null ? 0 : Buffer.byteLength(post.contentHtml));
}

/** Loads the page of a thread already found live (firstPostId set); null if its opening post is gone. */
export async function loadThreadPage(thread: ThreadDetail & { firstPostId: number }, query: ThreadPageQuery): Promise<ThreadPageRecord | null> {
  const { firstPostId } = thread;
  // One budget for the whole page: top-level posts first, then their replies in what is left.
  const byteBudget = getEnv().AGORA_PAGE_CONTENT_BYTES;
  const [firstPost, topLevel, pinned, hots, editHistory] = await Promise.all([
    findPost(firstPostId),
    listTopLevelPosts({ threadId: thread.id, firstPostId, sort: query.sort, pageSize: query.pageSize, startPostId: query.startPostId, byteBudget }),
    listPinnedThreads(thread.groupId),
    listHotThreads(thread.groupId),
    loadEditHistory(firstPostId),
  ]);
  if (!firstPost) return null;
  // Replies to the opening post travel with it, so only the first page carries them.
  const rootIds = topLevel.posts.map((post) => post.id);
  if (query.startPostId === 0) rootIds.push(firstPost.id);
  const firstPostBytes = measurePost(firstPost);
  const replies = await listDescendants(rootIds, byteBudget - firstPostBytes - topLevel.bytes);
  const [nodes, roles] = await Promise.all([
    loadPostNodes([firstPost, ...topLevel.posts, ...replies.posts], null),
    loadAdminRoles(thread.groupId, [firstPost.userId]),
  ]);
  const nodeOf = (id: number) => nodes.get(id)!;
  return {
    thread,
    firstPost: nodeOf(firstPost.id),
    firstPostAuthorRole: roles.get(firstPost.userId) ?? null,
    posts: topLevel.posts.map((post) => nodeOf(post.id)),
    cutByBudget: topLevel.cut,
    contentBytes: firstPostBytes + topLevel.bytes + replies.bytes,
    pinned,
    hots,
    editHistory,
    participants: thread.participantsCount,
    viewerSubscribed: false,
  };
}

function collectPostIds(nodes: readonly PostNode[], into: number[]): number[] {
  for (const node of nodes) {
    into.push(node.post.id);
    collectPostIds(node.children, into);
  }
  return into;
}

function withLikes(node: PostNode, liked: ReadonlySet<number>): PostNode {
  return { ...node, likedByViewer: liked.has(node.post.id), children: node.children.map((child) => withLikes(child, liked)) };
}

// Marks the thread read to its last post (thread_reads, for the lists' "N new" markers): an
// upsert that runs only when the thread moved on since the viewer's last read. Already read to
// here: no INSERT at all. ON CONFLICT would lock the row (a transaction id, a WAL flush at commit)
// even when its WHERE then writes nothing, and readers of one thread by one person would queue on
// that lock.
const MARK_READ_SQL = `INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count, read_at)
  SELECT $1, t.id, COALESCE(t.last_post_id, 0), t.posts_count, now() FROM threads t WHERE t.id = $2
    AND NOT EXISTS (SELECT 1 FROM thread_reads r WHERE r.user_id = $1 AND r.thread_id = t.id
                    AND r.last_post_id >= COALESCE(t.last_post_id, 0) AND r.posts_count = t.posts_count)
  ON CONFLICT (user_id, thread_id) DO UPDATE
    SET last_post_id = excluded.last_post_id, posts_count = excluded.posts_count, read_at = excluded.read_at
    WHERE thread_reads.last_post_id < excluded.last_post_id OR thread_reads.posts_count <> excluded.posts_count`;

const VIEWER_STATE_SQL = `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND thread_id = $2) AS subscribed,
  ARRAY(SELECT post_id FROM post_likes WHERE user_id = $1 AND post_id = ANY($3::int[])) AS liked`;

type ViewerState = { subscribed: boolean; liked: number[] };

/** The viewer's likes and follow, with the read mark written on the way: one statement, or, with a replica, the read there and the mark beside it on the primary. */
async function readViewerState(viewerId: number, threadId: number, postIds: number[]): Promise<ViewerState[]> {
  const pool = await getPool();
  if (!hasReadReplica()) {
    const combined = `WITH marked AS (${MARK_READ_SQL}) ${VIEWER_STATE_SQL}`;
    return (await pool.query<ViewerState>(combined, [viewerId, threadId, postIds])).rows;
  }
  // A read mark must not hold the reader on the primary (contract section 16): it is bookkeeping.
  const [state] = await Promise.all([
    pool.query<ViewerState>(VIEWER_STATE_SQL, [viewerId, threadId, postIds]),
    pool.query(BOOKKEEPING_SQL + MARK_READ_SQL, [viewerId, threadId]),
  ]);
  return state.rows;
}

/**
 * A (possibly kept, so shared) record as one signed-in viewer sees it: their likes among its posts
 * and whether they follow the thread; reading it marks the thread read. The record itself is not changed.
 */
export async function personaliseThreadPage(record: ThreadPageRecord, viewerId: number): Promise<ThreadPageRecord> {
  const postIds = collectPostIds([record.firstPost, ...record.posts], []);
  const rows = await readViewerState(viewerId, record.thread.id, postIds);
  const state = rows[0] ?? { subscribed: false, liked: [] };
  const liked = new Set(state.liked);
  if (liked.size === 0) return { ...record, viewerSubscribed: state.subscribed };
  return {
    ...record,
    firstPost: withLikes(record.firstPost, liked),
    posts: record.posts.map((node) => withLikes(node, liked)),
    viewerSubscribed: state.subscribed,
  };
}
