import "server-only";
import { z } from "zod";
import { DraftKeyParamSchema } from "@/lib/schemas/draft-schemas";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { ReaderVersioned } from "@/lib/api/reader-answers";
import type { Actor } from "@/lib/auth/permissions";
import { serializeThread } from "@/lib/api/serializers/thread";
import { DeltaContentParamSchema } from "@/lib/schemas/content-schemas";
import { idParam, intParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { optionalIntParam, ThreadResponseSchema, ThreadSortSchema, ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import { readThread, threadGuestVersion, type ThreadRead } from "@/lib/services/thread-reads";
import { readThreadPolls } from "@/lib/services/poll-reads";
import { readThreadTips } from "@/lib/services/tip-reads";
import { pagePostIds } from "@/lib/db/thread-page";
import { readThreadPageFaces } from "@/lib/services/badge-faces";
import { FileAttachmentsParamSchema } from "@/lib/schemas/upload-schemas";
import { createThread } from "@/lib/services/threads";
import { NsfwParamSchema } from "@/lib/schemas/content-schemas";
import { ThreadTagsParamSchema } from "@/lib/schemas/tag-schemas";
import { parseJsonParam } from "@/lib/schemas/poll-schemas";
import { SignMsgParamSchema, SignParamSchema } from "@/lib/schemas/post-signature-schemas";

const DEFAULT_PAGE_SIZE = 10;

/**
 * The answer with the thread's polls and tips, read for this viewer (never kept: contract section
 * 18's polls move with the clock and every vote; section 19's `tipped` is the viewer's own).
 */
async function answerWithPolls(viewer: Actor, read: ThreadRead) {
  const [polls, tips, faces] = await Promise.all([
    read.thread.pollCount > 0 ? readThreadPolls(viewer, read.access.role, read.thread.id) : [],
    read.thread.tipCount > 0 ? readThreadTips(viewer, { groupId: read.thread.groupId, firstPostId: read.firstPost.post.id }, pagePostIds(read)) : undefined,
    readThreadPageFaces(read),
  ]);
  return { thread: serializeThread(read, polls, faces, tips) };
}

/** A thread's full record as get thread's first page shows it to `viewer` (the answer to the thread writes). */
export async function readFullThread(viewer: Actor, thread: { id: number; groupName: string }) {
  const page = { threadId: thread.id, groupName: thread.groupName, sort: "new" as const, pageSize: DEFAULT_PAGE_SIZE, startPostId: 0 };
  return answerWithPolls(viewer, await readThread(viewer, page));
}

// GET /api/get_thread/{thread_id}
export const getThread = defineEndpoint(
  {
    method: "GET",
    path: "/api/get_thread/{thread_id}",
    errors: ["not_found", "forbidden"],
    family: "api",
    auth: "optional",
    tag: "Threads",
    summary: "1. Get thread info",
    params: z.object({
      thread_id: idParam(),
      group_name: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(64),
      sort: unsetWhenBlank(ThreadSortSchema.default("new")),
      page_size: pageSizeParam(DEFAULT_PAGE_SIZE),
      start_post_id: unsetWhenBlank(intParam().default(0)),
    }),
    response: ThreadResponseSchema,
    guestVersion: (params) => threadGuestVersion(params.thread_id),
  },
  async ({ params, viewer }) => {
    const { thread_id: threadId, group_name: groupName, sort, page_size: pageSize, start_post_id: startPostId } = params;
    const read = await readThread(viewer, { threadId, groupName, sort, pageSize, startPostId });
    if (read.thread.pollCount > 0 || read.thread.tipCount > 0) return answerWithPolls(viewer, read);
    const answer = async () => ({ thread: serializeThread(read, [], await readThreadPageFaces(read)) });
    return read.readerVersion === null ? await answer() : new ReaderVersioned(read.readerVersion, answer);
  },
);

// POST /api/v2/groups/{group_id}/threads/create
export const createGroupThread = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/threads/create",
    family: "v2",
    auth: "user",
    tag: "Threads",
    summary: "Create a thread with its first post",
    params: z.object({
      group_id: idParam(),
      title: ThreadTitleSchema,
      content: DeltaContentParamSchema,
      category_id: optionalIntParam({ min: 0 }),
      // Contract section 15: upload ids for the first post, comma-separated.
      file_attachments: FileAttachmentsParamSchema.optional(),
      // Contract section 17: the draft this thread was written in, deleted with it.
      draft_key: DraftKeyParamSchema,
      // Contract section 17: the opening post is sensitive content.
      nsfw: NsfwParamSchema.optional(),
      // Contract section 18: tag ids of the group, comma-separated, at most 5.
      tags: ThreadTagsParamSchema.optional(),
      // Contract section 18: a JSON array of up to 5 poll objects, checked by the service.
      polls: z.preprocess(parseJsonParam, z.unknown()).optional(),
      // Contract section 19: the author's wallet signature over the opening post's typed data.
      sign: SignParamSchema,
      sign_msg: SignMsgParamSchema,
    }),
    response: ThreadResponseSchema,
  },
  async ({ params, viewer }) => {
    const input = {
      polls: params.polls,
      group: { id: params.group_id },
      title: params.title,
      content: params.content,
      categoryId: params.category_id ?? null,
      fileAttachments: params.file_attachments ?? [],
      draftKey: params.draft_key,
      nsfw: params.nsfw === 1,
      tagIds: params.tags ?? [],
      sign: params.sign,
      signMsg: params.sign_msg,
    };
    return readFullThread(viewer, await createThread(viewer, input));
  },
);
