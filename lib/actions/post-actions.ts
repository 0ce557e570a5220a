"use server";

import { z } from "zod";
import { runAction, SIGNED_OUT_ERROR, type ActionResult } from "@/lib/actions/action-result";
import { createPostForUser } from "@/lib/api/endpoints/posts";
import { getViewer } from "@/lib/auth/session";

const ReplyInputSchema = z.object({
  threadId: z.number().int().positive(),
  parentId: z.number().int().positive().nullable(),
  content: z.string(),
});

export type ReplyInput = z.infer<typeof ReplyInputSchema>;

/** A reply to a thread (parentId null) or to one of its posts, through the API's own create-post code. */
export async function createReplyAction(input: ReplyInput): Promise<ActionResult<{ postId: number }>> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = ReplyInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "This reply could not be sent. Reload the page and try again." };
  return runAction("createReply", async () => {
    const { post } = await createPostForUser({ ...parsed.data, userId: viewer.id });
    return { postId: post.id };
  });
}
