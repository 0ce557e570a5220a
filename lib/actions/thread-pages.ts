"use server";

import { z } from "zod";
import { loadThread } from "@/lib/api/endpoints/threads";
import { getViewer } from "@/lib/auth/session";
import { GroupNameSchema } from "@/lib/schemas/group-schemas";
import { idParam } from "@/lib/schemas/params";
import { MAX_THREAD_PAGE_SIZE, type PostPageView } from "@/lib/views/post-view";
import { toPostPage } from "@/lib/views/render-posts";

// Anyone can call a server action with any arguments, so they are checked like API parameters.
const NextPageInputSchema = z.object({
  threadId: idParam(),
  groupName: GroupNameSchema,
  sort: z.enum(["old", "new"]),
  startPostId: idParam(),
  pageSize: z.number().int().min(1).max(MAX_THREAD_PAGE_SIZE),
});

export type NextPageInput = z.input<typeof NextPageInputSchema>;

/** "Load more" on a thread: the next top-level posts after `startPostId`, bodies already rendered to safe HTML. */
export async function loadNextThreadPage(input: NextPageInput): Promise<PostPageView> {
  const { threadId, groupName, sort, startPostId, pageSize } = NextPageInputSchema.parse(input);
  const viewer = await getViewer();
  const thread = await loadThread({ threadId, groupName, sort, pageSize: pageSize + 1, startPostId, viewerId: viewer?.id ?? null });
  return toPostPage(thread.posts, pageSize);
}
