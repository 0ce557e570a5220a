"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { DraftKeySchema } from "@/lib/schemas/draft-schemas";
import { likePost, unlikePost } from "@/lib/services/likes";
import { MAX_FILE_ATTACHMENTS } from "@/lib/services/post-attachments";
import { createPost } from "@/lib/services/posts";
import { getEnv } from "@/lib/env";

const ReplyInput = z.object({
  threadId: z.number().int().positive(),
  parentId: z.number().int().positive().nullable(),
  content: z.string(),
  /** Upload ids of the composer's attachment chips (contract section 15's file_attachments). */
  fileAttachments: z.array(z.number().int().positive()).max(MAX_FILE_ATTACHMENTS).default([]),
  /** The composer's draft: deleted with the post. */
  draftKey: DraftKeySchema.optional(),
  /** "Sign with wallet" (contract section 19): the signature and the typed data it signs. */
  sign: z.string().max(1024).optional(),
  signMsg: z.string().max(8192).optional(),
});
export type ReplyInput = z.input<typeof ReplyInput>;

/** A reply to a thread (parentId null) or to one of its posts, through the same use case as the API. */
export const createReplyAction = defineAction(
  { name: "createReply", auth: "user", input: ReplyInput, invalidInput: "This reply could not be sent. Reload the page and try again." },
  async ({ viewer, input }) => {
    const post = await createPost(viewer, input);
    return { postId: post.id };
  },
);

const LikeInput = z.object({ postId: z.number().int().positive(), liked: z.boolean() });

/** The like button: like or take back, through the same use cases as the API; answers the post's like state. */
export const setPostLikeAction = defineAction({ name: "setPostLike", auth: "user", input: LikeInput }, async ({ viewer, input }) =>
  input.liked ? likePost(viewer, input.postId) : unlikePost(viewer, input.postId),
);

/** "Sign with wallet" (contract section 19): the chain the typed data's domain names (AGORA_SIGN_CHAIN_ID). */
export const loadPostSigningChainAction = defineAction({ name: "loadPostSigningChain", auth: "user", input: z.object({}) }, async () => ({
  chainId: getEnv().AGORA_SIGN_CHAIN_ID,
}));
