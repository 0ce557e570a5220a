import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { expect, installWallet, test } from "../fixtures/wallet";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Signed-in readers get the home and thread pages kept for guests, with their own state spliced in
// (lib/http/guest-page-cache.ts): what they see must be what a page rendered for them showed, and
// two people reading one kept page must each see their own likes, follow, bell and menus, never
// the other's. A role change and a sign-out show on the next page.

const suffix = randomBytes(3).toString("hex");
let worlds = 0;
const CACHE = "x-agora-page-cache";

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const unreadBadge = (page: Page) => page.getByTestId("unread-count");
const userMenu = (page: Page) => page.locator(".user-menu-trigger");
const likeButton = (post: Locator) => post.locator(".post__like-button");
const threadTools = (page: Page) => page.getByRole("button", { name: "Thread tools" });
const follow = (page: Page) => page.locator(".follow-button button");

interface World {
  api: ApiClient;
  alice: ApiUser;
  bob: ApiUser;
  bobWallet: EvmTestWallet;
  group: { id: number; name: string };
  thread: { id: number; firstPostId: number; path: string; title: string };
  bobReply: number;
}

async function setUp(page: Page, baseURL: string, request: Parameters<typeof createApiClient>[0], wallet: EvmTestWallet): Promise<World> {
  const run = `${suffix}_${++worlds}`;
  const api = await createApiClient(request, baseURL, `e2e reader pages ${run}`);
  const aliceName = `reader_a_${run}`;
  await signInWithWallet(page, { username: aliceName });
  const alice = await api.registerUser(aliceName, wallet);
  const bobWallet = createEvmTestWallet();
  const bob = await api.registerUser(`reader_b_${run}`, bobWallet);
  const name = `readers-${run.replace("_", "-")}`;
  await api.call("POST", "/api/group/create", {
    token: alice.token,
    data: { uid: alice.id, signature: "unused", name, title: `Readers ${run}`, description: "Where kept pages meet readers.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const title = `One page, two readers ${run}`;
  const { thread } = await api.call<{ thread: { id: number; first_post_id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: alice.token,
    data: { title, content: textDelta("Who reads this?") },
  });
  const { post } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
    token: bob.token,
    data: { content: textDelta("Bob reads it."), parent_id: thread.first_post_id },
  });
  await api.call("POST", `/api/v2/posts/${thread.first_post_id}/like`, { token: bob.token });
  // The slugged address is the one kept (the short one redirects to it).
  const answer = await request.get(`/g/${name}/t/${thread.id}`, { maxRedirects: 0 });
  const path = new URL(answer.headers().location ?? "", baseURL).pathname;
  return {
    api,
    alice,
    bob,
    bobWallet,
    group: { id: groupId, name },
    thread: { id: thread.id, firstPostId: thread.first_post_id, path, title },
    bobReply: post.id,
  };
}

/** A second person in a browser of their own, signed in with their (already registered) wallet. */
async function openAs(browser: Browser, wallet: EvmTestWallet): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await installWallet(page, wallet);
  await signInWithWallet(page);
  return page;
}

async function visit(page: Page, path: string): Promise<string | null> {
  const response = await page.goto(path);
  return response?.headers()[CACHE] ?? null;
}

test("two readers of one kept page each see their own likes, follow, bell, menus and unread marks", async ({ page, request, baseURL, wallet, browser }) => {
  const world = await setUp(page, baseURL!, request, wallet);
  const { thread, group } = world;
  // A guest reads the thread first: the page is kept.
  const guest = await (await browser.newContext()).newPage();
  await visit(guest, thread.path);
  expect(await visit(guest, thread.path)).toBe("hit");

  // Alice (the thread's author and the group's owner): her menu and bell, her tools, her follow, no like of her own.
  const { unread_count: unread } = await world.api.call<{ unread_count: number }>("GET", "/api/v2/notifications", { token: world.alice.token });
  expect(unread).toBeGreaterThan(0);
  expect(await visit(page, thread.path)).toBe("hit");
  await expect(userMenu(page)).toContainText(world.alice.username);
  await expect(unreadBadge(page)).toHaveText(String(unread));
  await expect(threadTools(page)).toBeVisible();
  await expect(follow(page)).toHaveText("Unfollow");
  const posts = page.getByTestId("post");
  await expect(likeButton(posts.first())).toHaveAttribute("aria-pressed", "false");
  await expect(likeButton(posts.first())).toContainText("1");
  await expect(page.getByRole("button", { name: "Reply" }).first()).toBeVisible();
  // The owner may delete Bob's reply: its menu says so.
  const more = page.locator(`#post-${world.bobReply}`).getByRole("button", { name: "More actions for this post" });
  await more.click();
  await expect(page.getByRole("menuitem", { name: "Delete", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Edit", exact: true })).toHaveCount(1);
  await more.click();

  // Bob, in his own browser, reads the same kept page: his like, his menu, none of Alice's tools.
  const bobPage = await openAs(browser, world.bobWallet);
  expect(await visit(bobPage, thread.path)).toBe("hit");
  await expect(userMenu(bobPage)).toContainText(world.bob.username);
  await expect(likeButton(bobPage.getByTestId("post").first())).toHaveAttribute("aria-pressed", "true");
  await expect(follow(bobPage)).toHaveText("Unfollow");
  await expect(bobPage.getByRole("button", { name: "Reply" }).first()).toBeVisible();
  await expect(threadTools(bobPage)).toHaveCount(0);
  await expect(unreadBadge(bobPage)).toHaveCount(0);
  await expect(bell(bobPage)).toBeVisible();
  await expect(bobPage.getByText(world.alice.username, { exact: true }).and(bobPage.locator(".user-menu-name"))).toHaveCount(0);

  // And the guest still gets the guest's page.
  await visit(guest, thread.path);
  await expect(guest.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(bell(guest)).toHaveCount(0);
  await expect(likeButton(guest.getByTestId("post").first())).toHaveCount(0);

  // The home page: Alice's bell and menu on the kept directory.
  expect(await visit(page, "/")).not.toBeNull();
  await expect(userMenu(page)).toContainText(world.alice.username);
  await expect(unreadBadge(page)).toHaveText(String(unread));

  // Unread marks: Bob answers again; Alice's board counts it new until she reads the kept thread page.
  await world.api.call("POST", `/api/v2/threads/${thread.id}/posts/create`, { token: world.bob.token, data: { content: textDelta("One more.") } });
  await page.goto(`/g/${group.name}`);
  const row = page.getByTestId("thread-row").filter({ hasText: thread.title });
  await expect(row.getByTestId("new-posts")).toHaveText("1 new");
  await visit(page, thread.path);
  await expect(follow(page)).toBeVisible();
  await page.goto(`/g/${group.name}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("new-posts")).toHaveCount(0);
  await Promise.all([guest.context().close(), bobPage.context().close()]);
});

test("a role change and a sign-out show on the next page", async ({ page, request, baseURL, wallet, browser }) => {
  const world = await setUp(page, baseURL!, request, wallet);
  const bobPage = await openAs(browser, world.bobWallet);
  await visit(bobPage, world.thread.path);
  await expect(userMenu(bobPage)).toBeVisible();
  await expect(threadTools(bobPage)).toHaveCount(0);

  await world.api.call("POST", `/api/v2/groups/${world.group.id}/admins`, { token: world.alice.token, data: { user_id: world.bob.id, level: 3 } });
  await visit(bobPage, world.thread.path);
  await expect(threadTools(bobPage)).toBeVisible();

  await userMenu(bobPage).click();
  await bobPage.getByRole("button", { name: "Sign out" }).click();
  await expect(bobPage.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(threadTools(bobPage)).toHaveCount(0);
  await expect(bobPage.getByRole("link", { name: "Sign in to reply" }).first()).toBeVisible();
  await visit(bobPage, world.thread.path);
  await expect(bobPage.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(userMenu(bobPage)).toHaveCount(0);
  await expect(threadTools(bobPage)).toHaveCount(0);
  await expect(bell(bobPage)).toHaveCount(0);
  await bobPage.context().close();
});
