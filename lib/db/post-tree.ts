import "server-only";
import type { PostAuthor } from "@/lib/db/records/user-brief";
import { findBannedUserIds } from "@/lib/db/roles";
import { findLiveUploadIds } from "@/lib/db/uploads";
import { extractUploadIds } from "@/lib/delta/upload-ids";
import { findPost, loadPostAttachments, loadPostAuthors, loadPostLikes, loadViewerPostMarks, type PostAttachment, type PostLike } from "@/lib/db/posts";
import type { PostRecord } from "@/lib/db/records/post";

/** A post with everything shown beside it, and its loaded replies, oldest first. */
export interface PostNode {
  post: PostRecord;
  /** Null only if the author was removed while the page loaded. */
  author: PostAuthor | null;
  /** The author of the post this one answers, for replies. */
  replyTo: PostAuthor | null;
  /** The person who deleted it, when it is deleted (its author or a moderator). */
  deleter: PostAuthor | null;
  /** Up to MAX_LIKES_PER_POST like rows; post.likesCount has the full count. */
  likes: PostLike[];
  /** Its uploads, deleted ones as markers (removedAt set, no content). */
  attachments: PostAttachment[];
  /** Uploads its body shows that are not its own and are gone (deleted or swept): shown as placeholders. */
  goneUploadIds: number[];
  likedByViewer: boolean;
  /** The viewer ignores its author (contract section 17): pages fold it, get thread says `ignored`. */
  authorIgnored: boolean;
  /** The viewer saved it (contract section 17). */
  bookmarkedByViewer: boolean;
  /** The author is under a live ban in the post's group (the reference's `is_ban`). */
  authorBanned: boolean;
  children: PostNode[];
}

async function loadBannedAuthors(rows: readonly PostRecord[]): Promise<Set<string>> {
  const byGroup = new Map<number, number[]>();
  for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row.userId]);
  const banned = new Set<string>();
  await Promise.all(
    [...byGroup].map(async ([groupId, userIds]) => {
      for (const userId of await findBannedUserIds(groupId, userIds)) banned.add(`${groupId}:${userId}`);
    }),
  );
  return banned;
}

/**
 * A body's images are usually its own uploads (attached when it was written); the few that are
 * someone else's are looked up in one query, and those whose upload is gone are noted.
 */
async function markGoneUploads(nodes: readonly PostNode[]): Promise<void> {
  const foreign = new Map<PostNode, number[]>();
  for (const node of nodes) {
    const own = new Set(node.attachments.map((row) => row.id));
    const ids = extractUploadIds(node.post.content).filter((id) => !own.has(id));
    if (ids.length > 0) foreign.set(node, ids);
  }
  if (foreign.size === 0) return;
  const live = await findLiveUploadIds([...new Set([...foreign.values()].flat())]);
  for (const [node, ids] of foreign) node.goneUploadIds = ids.filter((id) => !live.has(id));
}

/**
 * Nodes for a set of posts (a page and its replies), with authors, likes, attachments, the
 * viewer's likes and the authors' bans loaded in five batched queries whatever the page size (a
 * sixth when a body shows someone else's upload). A reply is linked under its parent when the
 * parent is in the set; `rows` in id order keeps replies oldest first.
 */
export async function loadPostNodes(rows: readonly PostRecord[], viewerId: number | null): Promise<Map<number, PostNode>> {
  const postIds = rows.map((row) => row.id);
  const userIds = rows.flatMap((row) => [row.userId, ...(row.replyUid > 0 ? [row.replyUid] : []), ...(row.deletedById !== null ? [row.deletedById] : [])]);
  const [authors, likes, attachments, marks, banned] = await Promise.all([
    loadPostAuthors(userIds),
    loadPostLikes(postIds),
    loadPostAttachments(postIds),
    loadViewerPostMarks(viewerId, postIds),
    loadBannedAuthors(rows),
  ]);
  const nodes = new Map<number, PostNode>();
  for (const post of rows) {
    if (nodes.has(post.id)) continue;
    nodes.set(post.id, {
      post,
      author: authors.get(post.userId) ?? null,
      replyTo: post.parentId !== null && post.replyUid > 0 ? (authors.get(post.replyUid) ?? null) : null,
      deleter: post.deletedById !== null ? (authors.get(post.deletedById) ?? null) : null,
      likes: likes.get(post.id) ?? [],
      attachments: attachments.get(post.id) ?? [],
      goneUploadIds: [],
      likedByViewer: marks.liked.has(post.id),
      bookmarkedByViewer: marks.bookmarked.has(post.id),
      authorIgnored: false,
      authorBanned: banned.has(`${post.groupId}:${post.userId}`),
      children: [],
    });
  }
  await markGoneUploads([...nodes.values()]);
  for (const node of nodes.values()) {
    const parent = node.post.parentId === null ? undefined : nodes.get(node.post.parentId);
    parent?.children.push(node);
  }
  return nodes;
}

/** One post as a thread shows it, without its replies (the answer to an edit, delete or restore). */
export async function loadPostNode(postId: number, viewerId: number | null): Promise<PostNode | null> {
  const row = await findPost(postId);
  if (!row) return null;
  const nodes = await loadPostNodes([row], viewerId);
  return nodes.get(postId) ?? null;
}
