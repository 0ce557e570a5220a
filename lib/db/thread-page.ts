import "server-only";
import { loadPostNodes, type PostNode } from "@/lib/db/post-tree";
import { findPost, listDescendants, listTopLevelPosts, type TopLevelPageQuery } from "@/lib/db/posts";
import { loadAdminLevels } from "@/lib/db/roles";
import {
  isSubscribed,
  listHotThreads,
  listPinnedThreads,
  loadEditHistory,
  type EditHistoryRow,
  type HotThreadRow,
  type PinnedThreadRow,
  type ThreadDetailRow,
} from "@/lib/db/threads";

/** The thread read model: a thread, its opening post, one page of top-level posts with replies, and its sidebar. */
export interface ThreadPageRecord {
  thread: ThreadDetailRow;
  firstPost: PostNode;
  /** The opening post's author's admin level in the group, 0 if none. */
  firstPostAuthorLevel: number;
  /** The page of top-level posts in the requested order, replies nested. */
  posts: PostNode[];
  pinned: PinnedThreadRow[];
  hots: HotThreadRow[];
  editHistory: { count: number; rows: EditHistoryRow[] };
  participants: number;
  viewerSubscribed: boolean;
}

export type ThreadPageQuery = Omit<TopLevelPageQuery, "threadId" | "firstPostId"> & { viewerId: number | null };

/** Loads the page of a thread already found live (firstPostId set); null if its opening post is gone. */
export async function loadThreadPage(thread: ThreadDetailRow & { firstPostId: number }, query: ThreadPageQuery): Promise<ThreadPageRecord | null> {
  const { firstPostId } = thread;
  const [firstPost, topLevel, pinned, hots, editHistory, viewerSubscribed] = await Promise.all([
    findPost(firstPostId),
    listTopLevelPosts({ threadId: thread.id, firstPostId, sort: query.sort, pageSize: query.pageSize, startPostId: query.startPostId }),
    listPinnedThreads(thread.groupId),
    listHotThreads(thread.groupId),
    loadEditHistory(firstPostId),
    isSubscribed(query.viewerId, thread.id),
  ]);
  if (!firstPost) return null;
  // Replies to the opening post travel with it, so only the first page carries them.
  const rootIds = topLevel.map((post) => post.id);
  if (query.startPostId === 0) rootIds.push(firstPost.id);
  const replies = await listDescendants(rootIds);
  const [nodes, levels] = await Promise.all([
    loadPostNodes([firstPost, ...topLevel, ...replies], query.viewerId),
    loadAdminLevels(thread.groupId, [firstPost.userId]),
  ]);
  const nodeOf = (id: number) => nodes.get(id)!;
  return {
    thread,
    firstPost: nodeOf(firstPost.id),
    firstPostAuthorLevel: levels.get(firstPost.userId) ?? 0,
    posts: topLevel.map((post) => nodeOf(post.id)),
    pinned,
    hots,
    editHistory,
    participants: thread.participantsCount,
    viewerSubscribed,
  };
}
