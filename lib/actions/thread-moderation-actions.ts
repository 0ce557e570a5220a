"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { MAX_THREAD_TAGS } from "@/lib/schemas/tag-schemas";
import { deleteThread, editThread, lockThreadPosting, pinThread } from "@/lib/services/thread-moderation";

// The thread tools' actions, through the same use cases as the API (contract section 12).

const ThreadId = z.object({ threadId: z.number().int().positive() });
/** Contract section 18: the thread's tags, replacing the set. */
const ThreadTagIdsInput = z.array(z.number().int().positive()).max(MAX_THREAD_TAGS);

export const setThreadPinnedAction = defineAction(
  { name: "setThreadPinned", auth: "user", input: ThreadId.extend({ pinned: z.boolean() }) },
  async ({ viewer, input }) => {
    await pinThread(viewer, input.threadId, input.pinned);
    return { pinned: input.pinned };
  },
);

export const setThreadLockedAction = defineAction(
  { name: "setThreadLocked", auth: "user", input: ThreadId.extend({ locked: z.boolean() }) },
  async ({ viewer, input }) => {
    await lockThreadPosting(viewer, input.threadId, input.locked);
    return { locked: input.locked };
  },
);

export const editThreadAction = defineAction(
  {
    name: "editThread",
    auth: "user",
    input: ThreadId.extend({ title: z.string().optional(), categoryId: z.number().int().min(0).optional(), tagIds: ThreadTagIdsInput.optional() }),
  },
  async ({ viewer, input }) => {
    await editThread(viewer, input.threadId, { title: input.title, categoryId: input.categoryId, tagIds: input.tagIds });
    return { threadId: input.threadId };
  },
);

export const deleteThreadAction = defineAction(
  { name: "deleteThread", auth: "user", input: ThreadId.extend({ reason: z.string().trim().max(500) }) },
  async ({ viewer, input }) => {
    await deleteThread(viewer, input.threadId, input.reason);
    return { threadId: input.threadId };
  },
);
