import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { serializeUserBrief } from "@/lib/api/serializers/user-brief";
import type { PostAttachmentRow, PostAuthorRow, PostLikeRow, PostRow } from "@/lib/db/posts";
import type { AttachedFileDto, PostDto, UserBriefDto } from "@/lib/schemas/post-schemas";

/** Everything a page of posts needs besides the rows, loaded in batches beforehand. */
export interface PostPageContext {
  viewerId: number | null;
  /** The viewer's admin level in the thread's group (1 owner, 2 admin, 3 moderator), or null. */
  viewerAdminLevel: number | null;
  /** Authors seen at or after this instant are shown as online. */
  onlineSince: Date;
  authors: ReadonlyMap<number, PostAuthorRow>;
  likes: ReadonlyMap<number, readonly PostLikeRow[]>;
  attachments: ReadonlyMap<number, readonly PostAttachmentRow[]>;
  viewerLiked: ReadonlySet<number>;
  /** Replies by parent id, oldest first. */
  childrenByParent: ReadonlyMap<number, readonly PostRow[]>;
}

/** Groups replies under their parents, keeping the (oldest-first) order they came in. */
export function groupRepliesByParent(replies: readonly PostRow[]): Map<number, PostRow[]> {
  const byParent = new Map<number, PostRow[]>();
  for (const reply of replies) {
    if (reply.parentId === null) continue;
    const list = byParent.get(reply.parentId) ?? [];
    list.push(reply);
    byParent.set(reply.parentId, list);
  }
  return byParent;
}

function serializeAuthor(userId: number, context: PostPageContext): UserBriefDto {
  const author = context.authors.get(userId);
  // An author row can only be missing if the user was removed mid-request; keep the shape.
  return author ? serializeUserBrief(author) : { id: userId, photo_url: "", username: "", is_nft: 0 };
}

/** Reference: "Attached file". */
export function serializeAttachedFile(file: PostAttachmentRow, post: { id: number; threadId: number }): AttachedFileDto {
  return {
    id: file.id,
    url: file.url,
    old_url: file.oldUrl,
    name: file.name,
    size: file.size,
    mime_type: file.mimeType,
    group_id: file.groupId,
    post_id: post.id,
    thread_id: file.threadId ?? post.threadId,
    ipfs: file.ipfs,
  };
}

function canModerate(level: number | null): boolean {
  return level !== null && level >= 1 && level <= 3;
}

/** Post (inside a thread), with its loaded replies nested in `children.posts`. */
export function serializePost(row: PostRow, context: PostPageContext): PostDto {
  const author = context.authors.get(row.userId);
  const isAuthor = context.viewerId !== null && context.viewerId === row.userId;
  const files = context.attachments.get(row.id) ?? [];
  const replyUser = row.parentId !== null && row.replyUid > 0 ? serializeAuthor(row.replyUid, context) : null;
  return {
    id: row.id,
    thread_id: row.threadId,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
    content: row.content,
    parent_id: row.parentId ?? -1,
    user_id: row.userId,
    nsfw: row.nsfw,
    deleted: row.deleted,
    sign: row.sign,
    deleted_by: row.deletedBy ? { id: row.deletedBy.id, username: row.deletedBy.username, is_nft: row.deletedBy.isNft } : null,
    group_id: row.groupId,
    archive_id: row.archiveId,
    reply_uid: row.replyUid,
    is_ban: 0,
    tipped: null,
    online: Boolean(author?.lastSeenAt && author.lastSeenAt >= context.onlineSince),
    badge: [],
    user_title: [],
    tip_count: row.tipCount,
    liked: context.viewerLiked.has(row.id) ? 1 : 0,
    children_count: row.childrenCount,
    children: { posts: (context.childrenByParent.get(row.id) ?? []).map((child) => serializePost(child, context)) },
    total_likes: row.likesCount,
    total_report: row.reportCount,
    user: serializeAuthor(row.userId, context),
    likes: (context.likes.get(row.id) ?? []).map((like) => ({
      id: like.id,
      user_id: like.userId,
      post_id: like.postId,
      is_ban: like.isBan,
    })),
    flags: [],
    attached_files: files.map((file) => serializeAttachedFile(file, row)),
    attachments: files.map((file) => ({ id: file.id, post_id: row.id, url: file.url })),
    reply_user: replyUser,
    can_edit: isAuthor,
    can_delete: isAuthor || canModerate(context.viewerAdminLevel),
  };
}
