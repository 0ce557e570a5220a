import { expect, test, type Page } from "@playwright/test";

// Reading Agora signed out, on the seeded demo data (scripts/e2e-server.mjs seeds a fresh DB).
// "Gas optimisation tricks that still work" (ethereum-dev) has three top-level replies, the
// first of which has one nested reply.
const THREAD_TITLE = "Gas optimisation tricks that still work";

/** Ids of the thread's top-level replies, in the order shown. */
async function readTopLevelReplyIds(page: Page): Promise<string[]> {
  return page.locator(".replies > .post-tree > .post-tree__item > [data-testid=post]").evaluateAll((posts) => posts.map((post) => post.id));
}

async function openSeededThread(page: Page): Promise<string> {
  await page.goto("/g/ethereum-dev");
  await page.getByTestId("thread-row").getByRole("link", { name: THREAD_TITLE }).click();
  await expect(page.getByRole("heading", { level: 1, name: THREAD_TITLE })).toBeVisible();
  return new URL(page.url()).pathname;
}

test("home → group → thread: the first post and nested replies render", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Ethereum Developers" }).click();
  await expect(page).toHaveURL(/\/g\/ethereum-dev$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ethereum Developers" })).toBeVisible();
  await expect(page.getByText(/8 members/)).toBeVisible();

  const rows = page.getByTestId("thread-row");
  await expect(rows).toHaveCount(10);
  // Pinned first, then latest activity.
  await expect(rows.first()).toContainText("Pinned");
  await expect(rows.first()).toContainText("Community guidelines for code reviews");
  await expect(rows.nth(1)).not.toContainText("Pinned");

  const categories = page.getByRole("navigation", { name: "Categories" });
  await expect(categories.getByRole("link", { name: "Deployment" })).toBeVisible();

  await rows.getByRole("link", { name: THREAD_TITLE }).click();
  await expect(page).toHaveURL(/\/g\/ethereum-dev\/t\/\d+\/gas-optimisation-tricks-that-still-work$/);
  await expect(page).toHaveTitle(`${THREAD_TITLE} · Ethereum Developers · Agora`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Hi everyone/);

  const firstPost = page.locator(".post--first");
  await expect(firstPost.getByRole("heading", { level: 3, name: "Getting started" })).toBeVisible();
  await expect(firstPost.getByRole("listitem").filter({ hasText: "What worked well for you" })).toBeVisible();
  await expect(firstPost.getByRole("link", { name: "the Agora guide" })).toHaveAttribute("rel", /nofollow/);
  await expect(firstPost.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(firstPost.locator("time")).toHaveAttribute("title", /UTC$/);

  await expect(page.getByRole("heading", { level: 2, name: "4 replies" })).toBeVisible();
  expect(await readTopLevelReplyIds(page)).toHaveLength(3);
  const nested = page.locator(".replies .post-tree--nested [data-testid=post]");
  await expect(nested).toHaveCount(1);
  await expect(nested).toContainText("Simplicity is prerequisite for reliability.");

  // Author names lead to their profiles.
  const author = firstPost.locator(".post__author");
  const username = (await author.textContent())!.trim();
  await author.click();
  await expect(page.getByRole("heading", { level: 1, name: username })).toBeVisible();
  await expect(page.getByTestId("user-post").first()).toBeVisible();
});

test("a category shows only its own threads", async ({ page }) => {
  await page.goto("/g/ethereum-dev");
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/g\/ethereum-dev\/c\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Security" })).toBeVisible();
  await expect(page.getByTestId("thread-row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Reentrancy is not dead: a post-mortem" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav.getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Ethereum Developers");
});

test("the sort toggle reverses the replies", async ({ page }) => {
  const path = await openSeededThread(page);
  const oldest = await readTopLevelReplyIds(page);
  await page.getByRole("navigation", { name: "Sort replies" }).getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(`${path}?sort=new`);
  await expect(page.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
  await expect.poll(() => readTopLevelReplyIds(page)).toEqual([...oldest].reverse());
  // Nested replies stay with their parent whatever the order.
  await expect(page.locator(".replies .post-tree--nested [data-testid=post]")).toHaveCount(1);
  await page.getByRole("link", { name: "Oldest" }).click();
  await expect(page).toHaveURL(path);
  await expect.poll(() => readTopLevelReplyIds(page)).toEqual(oldest);
});

test("load more appends the next replies until the end", async ({ page }) => {
  const path = await openSeededThread(page);
  const all = await readTopLevelReplyIds(page);
  // One top-level reply per page makes the seeded thread span three pages.
  await page.goto(`${path}?page_size=1`);
  expect(await readTopLevelReplyIds(page)).toEqual(all.slice(0, 1));
  const loadMore = page.getByRole("button", { name: "Load more replies" });
  await loadMore.click();
  await expect.poll(() => readTopLevelReplyIds(page)).toEqual(all.slice(0, 2));
  await loadMore.click();
  await expect.poll(() => readTopLevelReplyIds(page)).toEqual(all);
  await expect(page.getByText("You have reached the end of this thread.")).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  // Loaded posts come with rendered bodies, avatars and Reply like the server-rendered ones.
  const last = page.locator(`#${all[2]}`);
  await expect(last.locator(".post__body")).not.toBeEmpty();
  await expect(last.locator(".post__author")).toBeVisible();

  await page.goto(`${path}?page_size=1&sort=new`);
  await page.getByRole("button", { name: "Load more replies" }).click();
  await expect.poll(() => readTopLevelReplyIds(page)).toEqual([...all].reverse().slice(0, 2));
});

test("short and mistyped thread links redirect to the canonical URL", async ({ page }) => {
  const path = await openSeededThread(page);
  const id = path.split("/")[4];
  await page.goto(`/g/ethereum-dev/t/${id}`);
  await expect(page).toHaveURL(path);
  await page.goto(`/g/ethereum-dev/t/${id}/not-the-slug`);
  await expect(page).toHaveURL(path);
});

test("unknown groups, threads, categories and users show the 404 page", async ({ page }) => {
  const path = await openSeededThread(page);
  const id = path.split("/")[4];
  for (const url of [
    "/g/no-such-group",
    "/g/ethereum-dev/t/999999/anything",
    `/g/permaweb/t/${id}/gas-optimisation-tricks-that-still-work`,
    "/g/ethereum-dev/c/999999",
    "/u/999999",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse communities" })).toBeVisible();
  }
});

test("the keyboard reaches content first through the skip link", async ({ page }) => {
  await page.goto("/g/ethereum-dev");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  // The next Tab lands inside the page, not back in the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("#content") !== null)).toBe(true);
});
