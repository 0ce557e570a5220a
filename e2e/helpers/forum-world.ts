import type { Page } from "@playwright/test";
import type { EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "./api-users";
import { withDatabase } from "./database";
import { signInWithWallet } from "./sign-in";

// A small world for browser tests of people and posts: the browser's person signed in (with a
// token for them over the API), one other person, a group of theirs and a thread in it.

export interface ForumWorld {
  api: ApiClient;
  me: ApiUser;
  other: ApiUser;
  group: { id: number; name: string };
  thread: { id: number; firstPostId: number; path: string };
}

export async function setUpForumWorld(
  page: Page,
  options: { baseURL: string; request: Parameters<typeof createApiClient>[0]; wallet: EvmTestWallet; suffix: string; label: string },
): Promise<ForumWorld> {
  const { baseURL, request, wallet, suffix, label } = options;
  const api = await createApiClient(request, baseURL, `e2e ${label} ${suffix}`);
  const myName = `me_${suffix}`;
  await signInWithWallet(page, { username: myName });
  // The same wallet over the API logs the browser's person in: a token for them.
  const me = await api.registerUser(myName, wallet);
  const other = await api.registerUser(`other_${suffix}`);
  const name = `${label}-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: me.token,
    data: { uid: me.id, signature: "unused", name, title: `${label} ${suffix}`, description: "A group for browser tests.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number; first_post_id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: me.token,
    data: { title: `A thread ${suffix}`, content: textDelta("The opening post, by me.") },
  });
  return { api, me, other, group: { id: groupId, name }, thread: { id: thread.id, firstPostId: thread.first_post_id, path: `/g/${name}/t/${thread.id}` } };
}

/** A post by `user` in the world's thread (nsfw 1 marks it sensitive). */
export async function postAs(world: ForumWorld, user: ApiUser, text: string, fields: { nsfw?: 0 | 1 } = {}): Promise<number> {
  const { post } = await world.api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${world.thread.id}/posts/create`, {
    token: user.token,
    data: { content: textDelta(text), ...fields },
  });
  return post.id;
}

/** Screenshots at desktop (1280) and phone (390) widths, full page, into `dir`. */
export async function shootBothWidths(page: Page, dir: string, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
