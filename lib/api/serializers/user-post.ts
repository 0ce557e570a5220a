import "server-only";
import { deletedByCode, flagCode } from "@/lib/db/records/codes";
import type { UserPostRecord } from "@/lib/db/user-posts";
import type { UserPostDto } from "@/lib/schemas/user-post-schemas";
import type { UserPostList } from "@/lib/services/user-posts";

/**
 * Post in a user's post list (by user id), /api/v2 family: `deleted` and `nsfw` as strings.
 * Agora numbers posts and threads globally, so the group-scoped ids equal the global ones;
 * `sign_data` is the contentHash a signed post's signature covers (contract section 19), "" when unsigned; it keeps no nsfw score.
 */
export function serializeUserPost(row: UserPostRecord, likeUsername: string): UserPostDto {
  return {
    id: row.id,
    thread_id: row.threadId,
    user_id: row.userId,
    sign: row.sign,
    sign_data: row.signData,
    sign_msg: row.signMsg,
    content: row.content,
    archive_id: row.archiveId,
    group_post_id: row.id,
    group_thread_id: row.threadId,
    parent_id: row.parentId ?? -1,
    depth: row.depth,
    group_id: row.groupId,
    deleted: String(deletedByCode(row.deletedBy)),
    deleted_by: row.deletedById ?? 0,
    nsfw: String(flagCode(row.nsfw)),
    nsfw_score: 0,
    username: row.user.username,
    user_avatar: row.user.photoUrl,
    group_name: row.group.name,
    group_title: row.group.title,
    like_username: likeUsername,
    first_post_id: row.thread.firstPostId ?? row.id,
    thread_title: row.thread.title,
    thread_poster_id: row.thread.userId,
    parent_poster_name: row.parent?.user.username ?? "",
    thread_poster_name: row.thread.user.username,
  };
}

/** A user's post list: `like_username` names the liker on the "likes" list and is "" elsewhere. */
export function serializeUserPostList(list: UserPostList): UserPostDto[] {
  const likeUsername = list.filter === "likes" ? list.user.username : "";
  return list.posts.map((row) => serializeUserPost(row, likeUsername));
}
