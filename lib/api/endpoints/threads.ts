import "server-only";
import { z } from "zod";
import { badRequest, notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { parseDeltaContent } from "@/lib/delta/parse";
import { findGroupHandle } from "@/lib/db/threads";
import { loadThread } from "@/lib/read/thread";
import { DeltaContentParamSchema } from "@/lib/schemas/content-schemas";
import { idParam, intParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { optionalIntParam, ThreadSortSchema, ThreadTitleSchema, type ThreadDto } from "@/lib/schemas/thread-schemas";
import { createThread } from "@/lib/services/threads";

export { loadThread, type LoadThreadInput } from "@/lib/read/thread";

const DEFAULT_PAGE_SIZE = 10;

export interface CreateThreadForUserInput {
  groupId: number;
  userId: number;
  title: string;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** 0 or null: no category. */
  categoryId: number | null;
}

/** Creates a thread with its first post and answers its full record; the web's server action calls it too. */
export async function createThreadForUser(input: CreateThreadForUserInput): Promise<ThreadDto> {
  const title = ThreadTitleSchema.safeParse(input.title);
  if (!title.success) throw badRequest(`title: ${title.error.issues[0]?.message ?? "is invalid"}`);
  const content = parseDeltaContent(input.content);
  if (!content.ok) throw badRequest(content.error);
  const group = await findGroupHandle(input.groupId);
  if (!group) throw notFound("group");
  const created = await createThread({
    groupId: group.id,
    userId: input.userId,
    title: title.data,
    content: content.json,
    categoryId: input.categoryId || null,
  });
  return loadThread({
    threadId: created.id,
    groupName: group.name,
    sort: "new",
    pageSize: DEFAULT_PAGE_SIZE,
    startPostId: 0,
    viewerId: input.userId,
  });
}

// GET /api/get_thread/{thread_id}
export const getThread = defineEndpoint(
  {
    auth: "optional",
    params: z.object({
      thread_id: idParam(),
      group_name: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(64),
      sort: unsetWhenBlank(ThreadSortSchema.default("new")),
      page_size: pageSizeParam(DEFAULT_PAGE_SIZE),
      start_post_id: unsetWhenBlank(intParam().default(0)),
    }),
  },
  async ({ params, viewer }) => ({
    thread: await loadThread({
      threadId: params.thread_id,
      groupName: params.group_name,
      sort: params.sort,
      pageSize: params.page_size,
      startPostId: params.start_post_id,
      viewerId: viewer?.id ?? null,
    }),
  }),
);

// POST /api/v2/groups/{group_id}/threads/create
export const createGroupThread = defineEndpoint(
  {
    auth: "user",
    params: z.object({
      group_id: idParam(),
      title: ThreadTitleSchema,
      content: DeltaContentParamSchema,
      category_id: optionalIntParam({ min: 0 }),
    }),
  },
  async ({ params, viewer }) => ({
    thread: await createThreadForUser({
      groupId: params.group_id,
      userId: viewer.id,
      title: params.title,
      content: params.content,
      categoryId: params.category_id ?? null,
    }),
  }),
);
