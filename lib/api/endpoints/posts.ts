import "server-only";
import { z } from "zod";
import { badRequest, notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeCreatedPost } from "@/lib/api/serializers/created-post";
import { parseDeltaContent } from "@/lib/delta/parse";
import { findCreatedPost } from "@/lib/db/created-post";
import { DeltaContentParamSchema } from "@/lib/schemas/content-schemas";
import { idParam } from "@/lib/schemas/params";
import type { CreatePostResponseDto } from "@/lib/schemas/post-schemas";
import { optionalIntParam } from "@/lib/schemas/thread-schemas";
import { createPost } from "@/lib/services/posts";

export interface CreatePostForUserInput {
  threadId: number;
  userId: number;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** The post replied to; null, 0 or -1 for a top-level post. */
  parentId: number | null;
}

/** Writes a post (counters and subscription in one transaction); the web's server action calls it too. */
export async function createPostForUser(input: CreatePostForUserInput): Promise<CreatePostResponseDto> {
  const content = parseDeltaContent(input.content);
  if (!content.ok) throw badRequest(content.error);
  const parentId = input.parentId !== null && input.parentId > 0 ? input.parentId : null;
  const created = await createPost({ threadId: input.threadId, userId: input.userId, content: content.json, parentId });
  const row = await findCreatedPost(created.id);
  if (!row) throw notFound("post");
  // The author is subscribed after posting whether or not this post subscribed them.
  return { post: serializeCreatedPost(row), is_subscribe: true };
}

// POST /api/v2/threads/{thread_id}/posts/create
export const createThreadPost = defineEndpoint(
  {
    auth: "user",
    params: z.object({
      thread_id: idParam(),
      content: DeltaContentParamSchema,
      parent_id: optionalIntParam({ min: -1 }),
      // Reference: "purpose not shown". Validated so a malformed value is a 400, otherwise unused.
      file_attachments: optionalIntParam({ min: 0 }),
    }),
  },
  async ({ params, viewer }) =>
    createPostForUser({
      threadId: params.thread_id,
      userId: viewer.id,
      content: params.content,
      parentId: params.parent_id ?? null,
    }),
);
