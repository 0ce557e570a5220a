import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializePost } from "@/lib/api/serializers/post";
import { serializeReport } from "@/lib/api/serializers/report";
import { serializeRevisions } from "@/lib/api/serializers/revision";
import { DeltaContentParamSchema, NsfwParamSchema } from "@/lib/schemas/content-schemas";
import { PostResponseSchema, ReasonParamSchema, ReportReasonSchema, ReportResponseSchema, RevisionsResponseSchema } from "@/lib/schemas/moderation-schemas";
import { idParam, pageParam, pageSizeParam } from "@/lib/schemas/params";
import { SignMsgParamSchema, SignParamSchema } from "@/lib/schemas/post-signature-schemas";
import { deletePost, editPost, listPostRevisions, restorePost, setPostNsfw, type PostRead } from "@/lib/services/post-moderation";
import { reportPost } from "@/lib/services/reports";
import { readPostFaces } from "@/lib/services/badge-faces";

// Contract section 12: what the author and the group's moderators do with one post.

const postParams = z.object({ post_id: idParam() });
const answerWith = async (read: PostRead) => ({
  post: serializePost(read.node, read.access, Date.now(), await readPostFaces(read.node.post.groupId, read.node)),
});

// POST /api/v2/posts/{post_id}/edit
export const editPostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Edit a post (author or moderator); the old content becomes a revision",
    // Contract section 19: sign and sign_msg sign the new version (unsigned, the post becomes unsigned).
    params: postParams.extend({ content: DeltaContentParamSchema, nsfw: NsfwParamSchema.optional(), sign: SignParamSchema, sign_msg: SignMsgParamSchema }),
    response: PostResponseSchema,
  },
  async ({ params, viewer }) => {
    const nsfw = params.nsfw === undefined ? undefined : params.nsfw === 1;
    return answerWith(await editPost(viewer, params.post_id, params.content, nsfw, { sign: params.sign, signMsg: params.sign_msg }));
  },
);

// POST /api/v2/posts/{post_id}/nsfw
export const setPostNsfwEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/nsfw",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Mark a post sensitive content (1) or not (0): its author or a moderator (logged)",
    params: postParams.extend({ nsfw: NsfwParamSchema }),
    response: PostResponseSchema,
  },
  async ({ params, viewer }) => answerWith(await setPostNsfw(viewer, params.post_id, params.nsfw === 1)),
);

// GET /api/v2/posts/{post_id}/revisions
export const postRevisionsEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/posts/{post_id}/revisions",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Moderation",
    summary: "A post's earlier versions, newest first",
    params: postParams.extend({ page: pageParam(), per_page: pageSizeParam(20) }),
    response: RevisionsResponseSchema,
    listKey: "revisions",
  },
  async ({ params, viewer }) => serializeRevisions(await listPostRevisions(viewer, params.post_id, params.page, params.per_page)),
);

// POST /api/v2/posts/{post_id}/delete
export const deletePostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Delete a post (deleted 1 by its author, 2 by a moderator); it keeps its place in the tree",
    params: postParams.extend({ reason: ReasonParamSchema }),
    response: PostResponseSchema,
  },
  async ({ params, viewer }) => answerWith(await deletePost(viewer, params.post_id, params.reason)),
);

// POST /api/v2/posts/{post_id}/restore
export const restorePostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/restore",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Restore a deleted post (moderators; the author for their own deletion)",
    params: postParams,
    response: PostResponseSchema,
  },
  async ({ params, viewer }) => answerWith(await restorePost(viewer, params.post_id)),
);

// POST /api/v2/posts/{post_id}/report
export const reportPostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/report",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Report a post to the group's moderators (once per post)",
    params: postParams.extend({ reason: ReportReasonSchema, note: ReasonParamSchema }),
    response: ReportResponseSchema,
    errors: ["conflict"],
  },
  async ({ params, viewer }) => ({ report: serializeReport(await reportPost(viewer, params.post_id, { reason: params.reason, note: params.note })) }),
);
