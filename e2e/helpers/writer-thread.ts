import type { APIRequestContext } from "@playwright/test";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "./api-users";
import { withDatabase } from "./database";

/** A writer (a wallet registered over the API) with a group of their own and a thread of the given replies. */
export async function writeThreadWithReplies(
  request: APIRequestContext,
  baseURL: string,
  label: string,
  replies: string[],
): Promise<{ api: ApiClient; writer: ApiUser; groupName: string; threadId: number; replyIds: number[]; path: string }> {
  const api = await createApiClient(request, baseURL, `e2e ${label}`);
  const writer = await api.registerUser(`w_${label}`);
  const groupName = `g-${label}`.toLowerCase();
  await api.call("POST", "/api/group/create", {
    token: writer.token,
    data: { uid: writer.id, signature: "unused", name: groupName, title: `Group ${label}`, description: "A test group.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [groupName])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: writer.token,
    data: { title: `Thread ${label}`, content: textDelta("The opening post of this thread.") },
  });
  const replyIds: number[] = [];
  for (const text of replies) {
    const { post } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: writer.token,
      data: { content: textDelta(text) },
    });
    replyIds.push(post.id);
  }
  return { api, writer, groupName, threadId: thread.id, replyIds, path: `/g/${groupName}/t/${thread.id}` };
}
