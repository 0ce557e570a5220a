import "server-only";
import { z } from "zod";
import { DraftKeyParamSchema } from "@/lib/schemas/draft-schemas";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeCreatedPost } from "@/lib/api/serializers/created-post";
import { readAuthorFace } from "@/lib/services/badge-faces";
import { DeltaContentParamSchema } from "@/lib/schemas/content-schemas";
import { LikeStateSchema } from "@/lib/schemas/moderation-schemas";
import { FileAttachmentsParamSchema } from "@/lib/schemas/upload-schemas";
import { idParam } from "@/lib/schemas/params";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { optionalIntParam } from "@/lib/schemas/thread-schemas";
import { likePost, unlikePost, type LikeState } from "@/lib/services/likes";
import { createPost } from "@/lib/services/posts";
import { NsfwParamSchema } from "@/lib/schemas/content-schemas";
import { SignMsgParamSchema, SignParamSchema } from "@/lib/schemas/post-signature-schemas";

// POST /api/v2/threads/{thread_id}/posts/create
export const createThreadPost = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/posts/create",
    family: "v2",
    auth: "user",
    tag: "Posts",
    summary: "3. Create a post (parent_id to reply)",
    params: z.object({
      thread_id: idParam(),
      content: DeltaContentParamSchema,
      parent_id: optionalIntParam({ min: -1 }),
      // Contract section 15: upload ids, comma-separated.
      file_attachments: FileAttachmentsParamSchema.optional(),
      // Contract section 17: the draft this post was written in, deleted with it.
      draft_key: DraftKeyParamSchema,
      // Contract section 17: sensitive content.
      nsfw: NsfwParamSchema.optional(),
      // Contract section 19: the author's wallet signature and the EIP-712 typed data it signs.
      sign: SignParamSchema,
      sign_msg: SignMsgParamSchema,
    }),
    response: CreatePostResponseSchema,
  },
  async ({ params, viewer }) => {
    const input = {
      threadId: params.thread_id,
      content: params.content,
      parentId: params.parent_id ?? null,
      fileAttachments: params.file_attachments ?? [],
      draftKey: params.draft_key,
      nsfw: params.nsfw === 1,
      sign: params.sign,
      signMsg: params.sign_msg,
    };
    const post = await createPost(viewer, input);
    // The author is subscribed after posting whether or not this post subscribed them.
    return { post: serializeCreatedPost(post, post.attachments, await readAuthorFace(post.groupId, post.userId)), is_subscribe: true };
  },
);

function serializeLikeState(state: LikeState): z.infer<typeof LikeStateSchema> {
  return { post_id: state.postId, liked: state.liked ? 1 : 0, total_likes: state.totalLikes };
}

// POST /api/v2/posts/{post_id}/like
export const likePostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/like",
    family: "v2",
    auth: "user",
    tag: "Posts",
    summary: "Like a post (idempotent)",
    params: z.object({ post_id: idParam() }),
    response: LikeStateSchema,
  },
  async ({ params, viewer }) => serializeLikeState(await likePost(viewer, params.post_id)),
);

// POST /api/v2/posts/{post_id}/unlike
export const unlikePostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/unlike",
    family: "v2",
    auth: "user",
    tag: "Posts",
    summary: "Take a like back (idempotent)",
    params: z.object({ post_id: idParam() }),
    response: LikeStateSchema,
  },
  async ({ params, viewer }) => serializeLikeState(await unlikePost(viewer, params.post_id)),
);
