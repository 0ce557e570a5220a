import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readFullThread } from "@/lib/api/endpoints/threads";
import { EmptyResponseSchema, flagParam, ReasonParamSchema } from "@/lib/schemas/moderation-schemas";
import { idParam, unsetWhenBlank } from "@/lib/schemas/params";
import { ThreadTagsParamSchema } from "@/lib/schemas/tag-schemas";
import { optionalIntParam, ThreadResponseSchema, ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import { deleteThread, editThread, lockThreadPosting, pinThread } from "@/lib/services/thread-moderation";

// Contract section 12: what the author and the group's moderators do with a thread.

const threadParams = z.object({ thread_id: idParam() });

// POST /api/v2/threads/{thread_id}/edit
export const editThreadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: 'Retitle a thread, move it to another category (0 = none) or replace its tags ("" clears them)',
    params: threadParams.extend({
      title: unsetWhenBlank(ThreadTitleSchema.optional()),
      category_id: optionalIntParam({ min: 0 }),
      tags: ThreadTagsParamSchema.optional(),
    }),
    response: ThreadResponseSchema,
  },
  async ({ params, viewer }) => {
    const written = await editThread(viewer, params.thread_id, { title: params.title, categoryId: params.category_id, tagIds: params.tags });
    return readFullThread(viewer, written);
  },
);

// POST /api/v2/threads/{thread_id}/delete
export const deleteThreadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Remove a thread from every listing (author while nobody else replied, or a moderator)",
    params: threadParams.extend({ reason: ReasonParamSchema }),
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await deleteThread(viewer, params.thread_id, params.reason);
    return {};
  },
);

// POST /api/v2/threads/{thread_id}/pin
export const pinThreadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/pin",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Pin (1) or unpin (0) a thread (moderators)",
    params: threadParams.extend({ pinned: flagParam() }),
    response: ThreadResponseSchema,
  },
  async ({ params, viewer }) => readFullThread(viewer, await pinThread(viewer, params.thread_id, params.pinned === 1)),
);

// POST /api/v2/threads/{thread_id}/lock
export const lockThreadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/lock",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Lock (1) or unlock (0) a thread: while locked only moderators can post (moderators)",
    params: threadParams.extend({ locked: flagParam() }),
    response: ThreadResponseSchema,
  },
  async ({ params, viewer }) => readFullThread(viewer, await lockThreadPosting(viewer, params.thread_id, params.locked === 1)),
);
