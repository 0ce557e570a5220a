import "server-only";
import {
  loadPostAttachments,
  loadPostAuthors,
  loadPostLikes,
  loadViewerLikedPostIds,
  type PostAttachmentRow,
  type PostAuthorRow,
  type PostLikeRow,
  type PostRow,
} from "@/lib/db/posts";

/** A post with everything shown beside it, and its loaded replies, oldest first. */
export interface PostNode {
  post: PostRow;
  /** Null only if the author was removed while the page loaded. */
  author: PostAuthorRow | null;
  /** The author of the post this one answers, for replies. */
  replyTo: PostAuthorRow | null;
  /** Up to MAX_LIKES_PER_POST like rows; post.likesCount has the full count. */
  likes: PostLikeRow[];
  attachments: PostAttachmentRow[];
  likedByViewer: boolean;
  children: PostNode[];
}

/**
 * Nodes for a set of posts (a page and its replies), with authors, likes, attachments and the
 * viewer's likes loaded in four batched queries whatever the page size. A reply is linked under
 * its parent when the parent is in the set; `rows` in id order keeps replies oldest first.
 */
export async function loadPostNodes(rows: readonly PostRow[], viewerId: number | null): Promise<Map<number, PostNode>> {
  const postIds = rows.map((row) => row.id);
  const userIds = rows.flatMap((row) => (row.replyUid > 0 ? [row.userId, row.replyUid] : [row.userId]));
  const [authors, likes, attachments, liked] = await Promise.all([
    loadPostAuthors(userIds),
    loadPostLikes(postIds),
    loadPostAttachments(postIds),
    loadViewerLikedPostIds(viewerId, postIds),
  ]);
  const nodes = new Map<number, PostNode>();
  for (const post of rows) {
    if (nodes.has(post.id)) continue;
    nodes.set(post.id, {
      post,
      author: authors.get(post.userId) ?? null,
      replyTo: post.parentId !== null && post.replyUid > 0 ? (authors.get(post.replyUid) ?? null) : null,
      likes: likes.get(post.id) ?? [],
      attachments: attachments.get(post.id) ?? [],
      likedByViewer: liked.has(post.id),
      children: [],
    });
  }
  for (const node of nodes.values()) {
    const parent = node.post.parentId === null ? undefined : nodes.get(node.post.parentId);
    parent?.children.push(node);
  }
  return nodes;
}
