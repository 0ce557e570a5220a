import "server-only";
import { formatNullableTimestamp } from "@/lib/api/time";
import { serializeAuthorFace } from "@/lib/api/serializers/badge";
import { serializeAttachedFile } from "@/lib/api/serializers/post";
import { NO_FACES, type AuthorFaces } from "@/lib/db/badge-faces";
import type { CreatedPostRecord, PostCreator } from "@/lib/db/created-post";
import { flagCode } from "@/lib/db/records/codes";
import type { PostAttachment } from "@/lib/db/posts";
import type { CreatedPostDto, PostCreationUserDto } from "@/lib/schemas/post-schemas";

/** The user embedded in a created post (reference: the post-creation response's user). */
export function serializePostCreationUser(user: PostCreator): PostCreationUserDto {
  return {
    id: user.id,
    name: user.username,
    email: user.email,
    web3_public_key: user.wallets[0]?.address ?? "",
    photo_url: user.photoUrl,
    public_key: user.publicKey,
    likes: user.likesCount,
    posts: user.postsCount,
    activate: flagCode(user.activated),
    last_post_time: formatNullableTimestamp(user.lastPostAt),
    payment_cus_id: user.paymentCusId,
    salt: "",
    _import_source_import_id: "",
  };
}

/** Created post (create post, under data.post). A new post has no likes yet; its files are those it attached. */
export function serializeCreatedPost(row: CreatedPostRecord, attachments: readonly PostAttachment[] = [], faces: AuthorFaces = NO_FACES): CreatedPostDto {
  return {
    group_id: row.groupId,
    user_id: row.userId,
    parent_id: row.parentId ?? -1,
    content: row.content,
    sign: row.sign ?? "",
    sign_msg: row.signMsg,
    depth: row.depth,
    thread_id: row.threadId,
    id: row.id,
    nsfw: flagCode(row.nsfw),
    attached_files: attachments.map((file) => serializeAttachedFile(file, row)),
    user: serializePostCreationUser(row.user),
    likes: [],
    flags: [],
    ...serializeAuthorFace(faces, row.userId),
    total_likes: row.likesCount,
    total_report: row.reportCount,
  };
}
