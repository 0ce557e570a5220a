"use server";

import { z } from "zod";
import { runAction, SIGNED_OUT_ERROR, type ActionResult } from "@/lib/actions/action-result";
import { loadGroupInfo } from "@/lib/api/endpoints/groups";
import { createThreadForUser } from "@/lib/api/endpoints/threads";
import { getViewer } from "@/lib/auth/session";

const NewThreadInputSchema = z.object({
  groupName: z.string().min(1).max(64),
  title: z.string(),
  content: z.string(),
  categoryId: z.number().int().nonnegative().nullable(),
});

export type NewThreadInput = z.infer<typeof NewThreadInputSchema>;

/** Starts a thread through the API's own create-thread code and answers where it lives. */
export async function createThreadAction(input: NewThreadInput): Promise<ActionResult<{ url: string }>> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, error: SIGNED_OUT_ERROR };
  const parsed = NewThreadInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "This thread could not be sent. Reload the page and try again." };
  const { groupName, title, content, categoryId } = parsed.data;
  return runAction("createThread", async () => {
    const group = await loadGroupInfo({ where: { name: groupName }, viewerId: viewer.id });
    const thread = await createThreadForUser({ groupId: group.id, userId: viewer.id, title, content, categoryId });
    const base = `/g/${encodeURIComponent(group.name)}/t/${thread.id}`;
    return { url: thread.slug ? `${base}/${encodeURIComponent(thread.slug)}` : base };
  });
}
