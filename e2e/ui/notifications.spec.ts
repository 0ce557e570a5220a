import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Notifications in the browser: A signs in with the injected wallet; B answers through the API.
// A's bell counts the reply live (no reload), opens the dropdown and follows a notification to the
// post; Follow / Unfollow toggle; "Mark all read" clears the count; a board marks new posts.
// With NOTIFY_SCREENSHOTS=<dir>, the bell, the notifications page and the board are saved there.

const suffix = randomBytes(3).toString("hex");
const shots = process.env.NOTIFY_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const unreadBadge = (page: Page) => page.getByTestId("unread-count");

interface World {
  api: ApiClient;
  alice: ApiUser;
  bob: ApiUser;
  group: { id: number; name: string };
  thread: { id: number; firstPostId: number; path: string };
}

async function setUp(
  page: Page,
  baseURL: string,
  request: Parameters<typeof createApiClient>[0],
  wallet: Parameters<ApiClient["registerUser"]>[1],
): Promise<World> {
  const api = await createApiClient(request, baseURL, `e2e notifications ${suffix}`);
  const aliceName = `alice_${suffix}`;
  await signInWithWallet(page, { username: aliceName });
  // The same wallet over the API logs the browser's person in: a token for Alice.
  const alice = await api.registerUser(aliceName, wallet);
  const bob = await api.registerUser(`bob_${suffix}`);
  const name = `notify-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: alice.token,
    data: { uid: alice.id, signature: "unused", name, title: `Notify ${suffix}`, description: "Where notifications are tested.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number; first_post_id: number; slug: string } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: alice.token,
    data: { title: `Ask me anything ${suffix}`, content: textDelta("What do you want to know?") },
  });
  return { api, alice, bob, group: { id: groupId, name }, thread: { id: thread.id, firstPostId: thread.first_post_id, path: `/g/${name}/t/${thread.id}` } };
}

test("a reply lights the bell; the dropdown leads to the post; follow toggles; mark all read clears; the board marks new posts", async ({
  page,
  request,
  baseURL,
  wallet,
}) => {
  const { api, bob, group, thread } = await setUp(page, baseURL!, request, wallet);

  // No notifications yet: a bell without a count.
  await page.goto(`/g/${group.name}`);
  await expect(bell(page)).toBeVisible();
  await expect(unreadBadge(page)).toHaveCount(0);

  const { post: reply } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
    token: bob.token,
    data: { content: textDelta("Why is the sky blue?"), parent_id: thread.firstPostId },
  });
  // No reload: the bell follows the person's notification stream.
  await expect(unreadBadge(page)).toHaveText("1");

  await bell(page).click();
  const menu = page.getByRole("dialog", { name: "Notifications" });
  const item = menu.getByTestId("notification");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${bob.username} replied to you`);
  await expect(item).toContainText(`Ask me anything ${suffix}`);
  await shoot(page, "bell-dropdown");
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/g/${group.name}/t/${thread.id}/[^#]+#post-${reply.id}$`));
  await expect(page.locator(`#post-${reply.id}`)).toBeVisible();
  await expect(unreadBadge(page)).toHaveCount(0);
  // One stream per tab: the thread page's events and the bell's come over the same connection.
  const streams: URL[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/live/")) streams.push(new URL(request.url()));
  });
  await page.reload();
  await expect(unreadBadge(page)).toHaveCount(0);
  await expect.poll(() => streams.at(-1)?.searchParams.toString() ?? "").toMatch(new RegExp(`^thread=${thread.id}&notifications=1(&|$)`));
  expect(streams.every((url) => url.pathname === "/live/events")).toBe(true);

  // Alice started the thread, so she follows it; the button takes that back and gives it again.
  const follow = page.locator(".follow-button button");
  await expect(follow).toHaveText("Unfollow");
  await follow.click();
  await expect(follow).toHaveText("Follow");
  await expect(follow).toBeEnabled();
  await page.reload();
  await expect(follow).toHaveText("Follow");
  await follow.click();
  await expect(follow).toHaveText("Unfollow");
  await expect(follow).toBeEnabled();

  // Two posts (grouped into one notification) and a like: two unread.
  for (const text of ["Another question", "And one more"]) {
    await api.call("POST", `/api/v2/threads/${thread.id}/posts/create`, { token: bob.token, data: { content: textDelta(text) } });
  }
  await api.call("POST", `/api/v2/posts/${thread.firstPostId}/like`, { token: bob.token });

  // Alice read the thread before these posts: the board says how many are new.
  await page.goto(`/g/${group.name}`);
  await expect(unreadBadge(page)).toHaveText("2");
  const row = page.getByTestId("thread-row").filter({ hasText: `Ask me anything ${suffix}` });
  await expect(row.getByTestId("new-posts")).toHaveText("2 new");
  await shoot(page, "board-unread-markers");

  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByTestId("notification")).toHaveCount(3);
  await expect(page.getByTestId("notification").first()).toContainText(`${bob.username} liked your post`);
  await expect(page.getByTestId("notification").nth(1)).toContainText(`2 new posts, latest by ${bob.username}`);
  await expect(page.getByTestId("unread-summary")).toHaveText("2 unread");
  await shoot(page, "notifications-page");

  await bell(page).click();
  await page.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: "Mark all read" }).click();
  await expect(unreadBadge(page)).toHaveCount(0);
  await page.reload();
  await expect(unreadBadge(page)).toHaveCount(0);
  await expect(page.getByTestId("unread-summary")).toHaveText("All caught up.");

  // Opening the thread marks it read: the marker goes.
  await page.goto(thread.path);
  await expect(page.locator(".follow-button button")).toBeVisible();
  await page.goto(`/g/${group.name}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("new-posts")).toHaveCount(0);
});

test("signed out, there is no bell and the notifications page asks to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(bell(page)).toHaveCount(0);
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/signin\?next=%2Fnotifications$/);
});
