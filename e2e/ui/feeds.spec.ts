import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Feeds in the browser (contract section 17): the home page's tabs for guests and readers, the New
// and Unread counts, a thread's unread count on its row, Dismiss, and Mute on the thread and group
// pages. Screenshots at desktop (1280) and phone (390) widths go to SHOTS.

const SHOTS = "/tmp/shots-feeds";
const suffix = randomBytes(3).toString("hex");
const tab = (page: Page, name: string) => page.getByTestId(`feed-tab-${name}`);

async function shootBoth(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Bob's group with two threads by Bob; answers the thread ids and paths. */
async function bobsGroup(api: ApiClient, bob: ApiUser, baseURL: string) {
  const name = `feeds-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: bob.token,
    data: { uid: bob.id, signature: "unused", name, title: `Feeds ${suffix}`, description: "Where feeds are tested.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const create = (title: string) =>
    api.call<{ thread: { id: number; slug: string } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
      token: bob.token,
      data: { title, content: textDelta(`${title}: what do you think?`) },
    });
  const first = (await create(`Harbour plans ${suffix}`)).thread;
  const second = (await create(`Lighthouse hours ${suffix}`)).thread;
  return { name, groupId, first: { id: first.id, path: `/g/${name}/t/${first.id}` }, second: { id: second.id, path: `/g/${name}/t/${second.id}` } };
}

test("guests see Latest and Top beside the communities, never New or Unread", async ({ page }) => {
  await page.goto("/");
  await expect(tab(page, "communities")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "latest")).toBeVisible();
  await expect(tab(page, "top")).toBeVisible();
  await expect(tab(page, "new")).toHaveCount(0);
  await expect(tab(page, "unread")).toHaveCount(0);
  await tab(page, "latest").click();
  await expect(page).toHaveURL(/\/latest$/);
  await expect(page.getByRole("heading", { name: "Latest", level: 1 })).toBeVisible();
  await expect(page.getByTestId("thread-row").first()).toBeVisible();
  await page.goto("/unread");
  await expect(page.getByText("Sign in to see this")).toBeVisible();
  await page.goto("/top?period=all");
  await expect(page.getByRole("link", { name: "All time" })).toHaveAttribute("aria-current", "true");
});

test("a reader's tabs count new and unread threads; rows show unread counts; Dismiss clears; Mute hides", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e feeds ${suffix}`);
  const aliceName = `alice_f_${suffix}`;
  await signInWithWallet(page, { username: aliceName });
  const alice = await api.registerUser(aliceName, wallet);
  const bob = await api.registerUser(`bob_f_${suffix}`);
  const world = await bobsGroup(api, bob, baseURL!);

  // The kept home page: the reader's tabs and counts arrive once it is interactive.
  await page.goto("/");
  await expect(tab(page, "new")).toBeVisible();
  await expect(tab(page, "unread")).toBeVisible();
  await expect(tab(page, "hot")).toBeVisible();
  await expect(tab(page, "new").locator(".feed-tabs__count")).toHaveText(/^(\d+|99\+)$/);
  await shootBoth(page, "home-reader");

  await tab(page, "new").click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole("link", { name: `Lighthouse hours ${suffix}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Harbour plans ${suffix}` })).toBeVisible();

  // Seeing a thread in a list is no reading: nothing was marked read (links are not prefetched).
  await page.waitForTimeout(1000);
  const reads = await withDatabase(baseURL!, async (db) => (await db.query("SELECT thread_id FROM thread_reads WHERE user_id = $1", [alice.id])).rows);
  expect(reads).toEqual([]);
  // Alice reads the first thread; Bob answers twice: it is unread, with its count on its row.
  await page.goto(world.first.path);
  await expect(page.getByRole("heading", { name: `Harbour plans ${suffix}` })).toBeVisible();
  for (const text of ["First answer", "Second answer"]) {
    await api.call("POST", `/api/v2/threads/${world.first.id}/posts/create`, { token: bob.token, data: { content: textDelta(text) } });
  }
  await page.goto("/unread");
  const row = page.getByTestId("thread-row").filter({ hasText: `Harbour plans ${suffix}` });
  await expect(row.getByTestId("unread-count")).toHaveText("2 unread");
  await expect(tab(page, "unread").locator(".feed-tabs__count")).toHaveText("1");
  await shootBoth(page, "unread");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("You are all caught up.")).toBeVisible();
  await expect(tab(page, "unread").locator(".feed-tabs__count")).toHaveCount(0);

  await page.goto("/new");
  await expect(page.getByRole("link", { name: `Lighthouse hours ${suffix}` })).toBeVisible();
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("link", { name: `Lighthouse hours ${suffix}` })).toHaveCount(0);

  // Mute the second thread on its page: it stays muted across a reload and leaves Latest.
  await page.goto(world.second.path);
  const muteThread = page.getByRole("button", { name: "Mute", exact: true });
  await muteThread.click();
  await expect(page.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
  await shootBoth(page, "thread-muted");
  await page.reload();
  await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
  await page.goto("/latest");
  await expect(page.getByRole("link", { name: `Harbour plans ${suffix}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Lighthouse hours ${suffix}` })).toHaveCount(0);

  // Mute the whole group on its page: its threads leave Latest; unmute brings them back.
  await page.goto(`/g/${world.name}`);
  await page.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
  await shootBoth(page, "group-muted");
  await page.goto("/latest");
  await expect(page.getByRole("link", { name: `Harbour plans ${suffix}` })).toHaveCount(0);
  await page.goto(`/g/${world.name}`);
  await page.getByRole("button", { name: "Unmute" }).click();
  await expect(page.getByRole("button", { name: "Mute", exact: true })).toBeVisible();
  await page.goto("/latest");
  await expect(page.getByRole("link", { name: `Harbour plans ${suffix}` })).toBeVisible();
  expect(alice.id).toBeGreaterThan(0);
});
