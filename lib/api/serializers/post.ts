import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { serializeAuthorFace } from "@/lib/api/serializers/badge";
import { serializeUserBrief } from "@/lib/api/serializers/user-brief";
import { canDeletePost, canEditPost, canSeeDeletedContent, type Access } from "@/lib/auth/permissions";
import { NO_FACES, type AuthorFaces } from "@/lib/db/badge-faces";
import type { PostNode } from "@/lib/db/post-tree";
import type { PostAttachment } from "@/lib/db/posts";
import type { PostAuthor } from "@/lib/db/records/user-brief";
import { deletedByCode, flagCode } from "@/lib/db/records/codes";
import { isOnline } from "@/lib/db/presence";
import type { ThreadTips } from "@/lib/services/tip-reads";
import type { AttachedFileDto, PostDto, UserBriefDto } from "@/lib/schemas/post-schemas";

function serializeAuthor(userId: number, author: PostAuthor | null): UserBriefDto {
  // An author row can only be missing if the user was removed mid-request; keep the shape.
  return author ? serializeUserBrief(author) : { id: userId, photo_url: "", username: "", is_nft: 0 };
}

/** Reference: "Attached file". */
export function serializeAttachedFile(file: PostAttachment, post: { id: number; threadId: number }): AttachedFileDto {
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

/**
 * Post (inside a thread), with its loaded replies nested in `children.posts`; `faces` give `badge` and
 * `user_title`, `tips` the thread's tips as the viewer sees them (contract section 19), absent when it has none.
 */
export function serializePost(node: PostNode, access: Access, now = Date.now(), faces: AuthorFaces = NO_FACES, tips?: ThreadTips): PostDto {
  const { post, author } = node;
  // A deleted upload's marker row is for the page's placeholder; API clients get the files there are.
  const files = node.attachments.filter((file) => file.removedAt === null);
  return {
    id: post.id,
    thread_id: post.threadId,
    created_at: formatTimestamp(post.createdAt),
    updated_at: formatTimestamp(post.updatedAt),
    content: post.deletedBy === null || canSeeDeletedContent(access.actor, post, access.role) ? post.content : "[]",
    parent_id: post.parentId ?? -1,
    user_id: post.userId,
    nsfw: flagCode(post.nsfw),
    deleted: deletedByCode(post.deletedBy),
    sign: post.sign,
    deleted_by: node.deleter ? { id: node.deleter.id, username: node.deleter.username, is_nft: flagCode(node.deleter.nft) } : null,
    group_id: post.groupId,
    archive_id: post.archiveId,
    reply_uid: post.replyUid,
    is_ban: node.authorBanned ? 1 : 0,
    tipped: tips?.tippedByViewer.has(post.id) ? 1 : null,
    online: isOnline(author?.lastSeenAt, now),
    ...serializeAuthorFace(faces, post.userId),
    tip_count: !tips || tips.shown ? post.tipCount : 0,
    liked: node.likedByViewer ? 1 : 0,
    ignored: node.authorIgnored ? 1 : 0,
    bookmarked: node.bookmarkedByViewer ? 1 : 0,
    children_count: post.childrenCount,
    children: { posts: node.children.map((child) => serializePost(child, access, now, faces, tips)) },
    total_likes: post.likesCount,
    total_report: post.reportCount,
    user: serializeAuthor(post.userId, author),
    likes: node.likes.map((like) => ({ id: like.id, user_id: like.userId, post_id: like.postId, is_ban: flagCode(like.banned) })),
    flags: [],
    attached_files: files.map((file) => serializeAttachedFile(file, post)),
    attachments: files.map((file) => ({ id: file.id, post_id: post.id, url: file.url })),
    reply_user: post.parentId !== null && post.replyUid > 0 ? serializeAuthor(post.replyUid, node.replyTo) : null,
    can_edit: canEditPost(access.actor, post, access.role),
    can_delete: canDeletePost(access.actor, post, access.role),
  };
}
