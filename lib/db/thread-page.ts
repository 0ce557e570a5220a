import "server-only";
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
  /** The viewer sees sensitive posts uncovered (settings.show_nsfw). */
  viewerShowsNsfw: boolean;
  /** The viewer muted the thread (false for guests and in kept pages). */
  viewerMuted: boolean;
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
    viewerShowsNsfw: false,
    viewerMuted: false,
  };
}

function collectPostIds(nodes: readonly PostNode[], into: number[]): number[] {
  for (const node of nodes) {
    into.push(node.post.id);
    collectPostIds(node.children, into);
  }
  return into;
}

/** Every post a record shows (the opening post, the page and their replies): what a reader's likes are looked up among. */
export function pagePostIds(record: ThreadPageRecord): number[] {
  return collectPostIds([record.firstPost, ...record.posts], []);
}

interface PageMarks {
  liked: ReadonlySet<number>;
  bookmarked: ReadonlySet<number>;
  ignored: ReadonlySet<number>;
}

function withMarks(node: PostNode, marks: PageMarks): PostNode {
  return {
    ...node,
    likedByViewer: marks.liked.has(node.post.id),
    bookmarkedByViewer: marks.bookmarked.has(node.post.id),
    authorIgnored: marks.ignored.has(node.post.userId),
    children: node.children.map((child) => withMarks(child, marks)),
  };
}

/** What one signed-in reader has of a page: their likes and bookmarks among its posts, whether they follow the thread, who they ignore. */
export interface ReaderMarks {
  subscribed: boolean;
  muted: boolean;
  liked: readonly number[];
  bookmarked: readonly number[];
  /** The people the reader ignores (contract section 17). */
  ignored: readonly number[];
  /** settings.show_nsfw */
  showsNsfw: boolean;
}

/** A (possibly kept, so shared) record as one reader sees it; the record itself is not changed. */
export function personaliseThreadPage(record: ThreadPageRecord, marks: ReaderMarks): ThreadPageRecord {
  const sets = { liked: new Set(marks.liked), bookmarked: new Set(marks.bookmarked), ignored: new Set(marks.ignored) };
  const own = { viewerSubscribed: marks.subscribed, viewerMuted: marks.muted, viewerShowsNsfw: marks.showsNsfw };
  if (sets.liked.size === 0 && sets.bookmarked.size === 0 && sets.ignored.size === 0) return { ...record, ...own };
  return {
    ...record,
    firstPost: withMarks(record.firstPost, sets),
    posts: record.posts.map((node) => withMarks(node, sets)),
    ...own,
  };
}
