"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { REPORT_REASONS } from "@/lib/schemas/report-values";
import { deletePost, editPost, getPostSource, listPostRevisions, restorePost, setPostNsfw } from "@/lib/services/post-moderation";
import { reportPost } from "@/lib/services/reports";
import { toRevisionHistoryView } from "@/lib/views/revision-view";

// The post menu's actions, through the same use cases as the API (contract section 12).

const PostId = z.object({ postId: z.number().int().positive() });
const Reason = z.string().trim().max(500);

/** The delta to open in the edit composer, and where the post is (for "Sign with wallet"). */
export const loadPostSourceAction = defineAction({ name: "loadPostSource", auth: "user", input: PostId }, async ({ viewer, input }) =>
  getPostSource(viewer, input.postId),
);

export const editPostAction = defineAction(
  {
    name: "editPost",
    auth: "user",
    // "Sign with wallet" (contract section 19): the signature and the typed data it signs.
    input: PostId.extend({ content: z.string(), sign: z.string().max(1024).optional(), signMsg: z.string().max(8192).optional() }),
    invalidInput: "This edit could not be saved. Reload the page and try again.",
  },
  async ({ viewer, input }) => {
    await editPost(viewer, input.postId, input.content, undefined, { sign: input.sign, signMsg: input.signMsg });
    return { postId: input.postId };
  },
);

export const deletePostAction = defineAction({ name: "deletePost", auth: "user", input: PostId.extend({ reason: Reason }) }, async ({ viewer, input }) => {
  await deletePost(viewer, input.postId, input.reason);
  return { postId: input.postId };
});

export const restorePostAction = defineAction({ name: "restorePost", auth: "user", input: PostId }, async ({ viewer, input }) => {
  await restorePost(viewer, input.postId);
  return { postId: input.postId };
});

/** The post menu's "Mark as sensitive" / "Not sensitive" (contract section 17): the author or a moderator (logged). */
export const setPostNsfwAction = defineAction({ name: "setPostNsfw", auth: "user", input: PostId.extend({ nsfw: z.boolean() }) }, async ({ viewer, input }) => {
  await setPostNsfw(viewer, input.postId, input.nsfw);
  return { postId: input.postId, nsfw: input.nsfw };
});

export const reportPostAction = defineAction(
  { name: "reportPost", auth: "user", input: PostId.extend({ reason: z.enum(REPORT_REASONS), note: Reason }) },
  async ({ viewer, input }) => {
    const report = await reportPost(viewer, input.postId, { reason: input.reason, note: input.note });
    return { reportId: report.id };
  },
);

/** The revision history dialog: up to 50 earlier versions with the current text, as plain text. */
export const loadRevisionsAction = defineAction({ name: "loadRevisions", auth: "optional", input: PostId }, async ({ viewer, input }) =>
  toRevisionHistoryView(await listPostRevisions(viewer, input.postId, 1, 50)),
);
