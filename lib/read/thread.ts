import "server-only";
import { notFound } from "@/lib/api/api-error";
import { groupRepliesByParent, type PostPageContext } from "@/lib/api/serializers/post";
import { serializeThread } from "@/lib/api/serializers/thread";
import { ONLINE_WINDOW_MS } from "@/lib/db/groups";
import {
  findPost,
  listDescendants,
  listTopLevelPosts,
  loadPostAttachments,
  loadPostAuthors,
  loadPostLikes,
  loadViewerLikedPostIds,
  type PostRow,
} from "@/lib/db/posts";
import {
  countParticipants,
  findThreadDetail,
  isSubscribed,
  listHotThreads,
  listPinnedThreads,
  loadAdminLevels,
  loadEditHistory,
} from "@/lib/db/threads";
import type { ThreadDto, ThreadSort } from "@/lib/schemas/thread-schemas";

export interface LoadThreadInput {
  threadId: number;
  /** The group handle the thread must belong to (case-insensitive). */
  groupName: string;
  sort: ThreadSort;
  pageSize: number;
  /** Keyset cursor over top-level posts: 0 for the first page, else the last id already shown. */
  startPostId: number;
  viewerId: number | null;
}

/** Batched: authors, likes, attachments, viewer likes and admin levels for every post at once. */
async function buildPageContext(
  posts: readonly PostRow[],
  replies: readonly PostRow[],
  scope: { groupId: number; viewerId: number | null; firstPostAuthorId: number },
): Promise<{ context: PostPageContext; adminLevels: Map<number, number> }> {
  const { groupId, viewerId, firstPostAuthorId } = scope;
  const postIds = posts.map((post) => post.id);
  const userIds = posts.flatMap((post) => (post.replyUid > 0 ? [post.userId, post.replyUid] : [post.userId]));
  const [authors, likes, attachments, viewerLiked, adminLevels] = await Promise.all([
    loadPostAuthors(userIds),
    loadPostLikes(postIds),
    loadPostAttachments(postIds),
    loadViewerLikedPostIds(viewerId, postIds),
    loadAdminLevels(groupId, viewerId === null ? [firstPostAuthorId] : [firstPostAuthorId, viewerId]),
  ]);
  const context: PostPageContext = {
    viewerId,
    viewerAdminLevel: viewerId === null ? null : (adminLevels.get(viewerId) ?? null),
    onlineSince: new Date(Date.now() - ONLINE_WINDOW_MS),
    authors,
    likes,
    attachments,
    viewerLiked,
    childrenByParent: groupRepliesByParent(replies),
  };
  return { context, adminLevels };
}

/** Endpoint 1's thread record: the thread, one page of its top-level posts and their replies. */
export async function loadThread(input: LoadThreadInput): Promise<ThreadDto> {
  const row = await findThreadDetail(input.threadId);
  if (!row || row.isDelete !== 0 || row.firstPostId === null || row.group.name !== input.groupName.trim().toLowerCase()) {
    throw notFound("thread");
  }
  const firstPostId = row.firstPostId;
  const [firstPost, topLevelPosts, pinned, hots, participants, editHistory, viewerSubscribed] = await Promise.all([
    findPost(firstPostId),
    listTopLevelPosts({ threadId: row.id, firstPostId, sort: input.sort, pageSize: input.pageSize, startPostId: input.startPostId }),
    listPinnedThreads(row.groupId),
    listHotThreads(row.groupId),
    countParticipants(row.id),
    loadEditHistory(firstPostId),
    isSubscribed(input.viewerId, row.id),
  ]);
  if (!firstPost) throw notFound("thread");
  // Replies to the first post travel with it, so only the first page carries them.
  const rootIds = topLevelPosts.map((post) => post.id);
  if (input.startPostId === 0) rootIds.push(firstPost.id);
  const replies = await listDescendants(rootIds);
  const { context, adminLevels } = await buildPageContext([firstPost, ...topLevelPosts, ...replies], replies, {
    groupId: row.groupId,
    viewerId: input.viewerId,
    firstPostAuthorId: firstPost.userId,
  });
  return serializeThread(row, {
    firstPost,
    firstPostAuthorLevel: adminLevels.get(firstPost.userId) ?? 0,
    topLevelPosts,
    context,
    pinned,
    hots,
    editHistory,
    participants,
    viewerSubscribed,
  });
}
