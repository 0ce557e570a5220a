import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, installWallet, test } from "../fixtures/wallet";
import { createApiClient, textDelta } from "../helpers/api-users";
import { expectNoSeriousViolations } from "../helpers/axe";
import { withDatabase } from "../helpers/database";
import { makePng } from "../helpers/images";
import { signInWithWallet } from "../helpers/sign-in";

// axe on every page of the app, as a guest and signed in as a group owner (the moderation and
// settings pages), in the light and the dark theme, and at a phone's width where the header
// folds. Any serious or critical violation fails the test, naming the rule and the nodes.
const suffix = randomBytes(3).toString("hex");
const SEEDED_THREAD = "Gas optimisation tricks that still work";

// Each test scans a dozen or more pages twice over.
test.describe.configure({ timeout: 600_000 });

interface Visit {
  label: string;
  path: string;
  /** Something the page shows once it has rendered what matters (default: the main landmark). */
  ready?: (page: Page) => Locator;
}

const scalarReady = (page: Page) => page.getByRole("button", { name: /^Open Search/ });

/** Visits each page and scans it in the light theme, then again in the dark one. */
async function scanPages(page: Page, visits: Visit[], context: string): Promise<void> {
  for (const visit of visits) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(visit.path);
      await expect(visit.ready?.(page) ?? page.locator("#content")).toBeVisible();
      // Let hydration and client-loaded widgets settle; live pages keep a stream open, so never idle.
      await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
      await expectNoSeriousViolations(page, `${context} ${colorScheme} ${visit.label} (${visit.path})`);
    }
  }
}

/** The seeded group's pages, found by following links as a reader would. */
async function findSeededPaths(page: Page): Promise<{ category: string; thread: string; profile: string }> {
  await page.goto("/g/ethereum-dev");
  // Read, not clicked: on a phone the categories are folded away.
  const category = (await page.locator("nav[aria-label=Categories] a", { hasText: "Security" }).first().getAttribute("href"))!;
  await page.getByTestId("thread-row").getByRole("link", { name: SEEDED_THREAD }).click();
  await expect(page.getByRole("heading", { level: 1, name: SEEDED_THREAD })).toBeVisible();
  const thread = new URL(page.url()).pathname;
  const profile = (await page.locator(".post--first .post__author").getAttribute("href"))!;
  return { category, thread, profile };
}

test("every page a guest can open", async ({ page }) => {
  const seeded = await findSeededPaths(page);
  await scanPages(
    page,
    [
      { label: "home", path: "/" },
      { label: "group", path: "/g/ethereum-dev" },
      { label: "category", path: seeded.category },
      { label: "thread", path: seeded.thread },
      { label: "members", path: "/g/ethereum-dev/members" },
      { label: "modlog", path: "/g/ethereum-dev/modlog" },
      { label: "search", path: "/search?q=gas", ready: (p) => p.getByRole("heading", { level: 1 }) },
      { label: "signin", path: "/signin" },
      { label: "profile", path: seeded.profile },
      { label: "api docs", path: "/docs/api", ready: scalarReady },
      { label: "404", path: "/no-such-page", ready: (p) => p.getByTestId("not-found") },
    ],
    "guest",
  );

  // The reference renders most of itself on demand: a tag's endpoints, an operation's examples.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/docs/api");
  await expect(scalarReady(page)).toBeVisible();
  await page
    .getByRole("button", { name: /^Show more / })
    .first()
    .click();
  await expect(page.getByRole("button", { name: "Copy code" }).first()).toBeAttached();
  await page.waitForTimeout(1_000);
  await expectNoSeriousViolations(page, "guest light api docs, a tag's endpoints shown");
});

test("every page signed in, as the owner of a group with a report waiting", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e a11y ${suffix}`);
  const username = `owner_${suffix}`;
  await signInWithWallet(page, { username });
  const owner = await api.registerUser(username, wallet);
  const reader = await api.registerUser(`reader_${suffix}`);
  const reporter = await api.registerUser(`reporter_${suffix}`);

  const group = `a11y-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name: group, title: `Accessible ${suffix}`, description: "Where axe looks around.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL!, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [group])).rows[0]!.id);
  const { category } = await api.call<{ category: { id: number } }>("POST", `/api/v2/groups/${groupId}/categories/create`, {
    token: owner.token,
    data: { name: "Questions" },
  });
  const title = `Contrast and landmarks ${suffix}`;
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: owner.token,
    data: { title, content: textDelta(`Which colours pass? lumen${suffix}`), category_id: category.id },
  });
  const { post } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
    token: reader.token,
    data: { content: textDelta("A reply that notifies the owner.") },
  });
  await api.call("POST", `/api/v2/posts/${post.id}/report`, { token: reporter.token, data: { reason: "spam", note: "For the moderation queue" } });
  await api.call("POST", "/api/v2/uploads", {
    token: owner.token,
    multipart: { purpose: "avatar", file: { name: `a11y-${suffix}.png`, mimeType: "image/png", buffer: await makePng(24, 24, { r: 40, g: 90, b: 160 }) } },
  });
  const seeded = await findSeededPaths(page);

  await scanPages(
    page,
    [
      { label: "home", path: "/" },
      { label: "own group", path: `/g/${group}` },
      { label: "category", path: `/g/${group}/c/${category.id}` },
      { label: "own thread", path: `/g/${group}/t/${thread.id}` },
      { label: "seeded thread", path: seeded.thread },
      { label: "members", path: `/g/${group}/members` },
      { label: "modlog", path: `/g/${group}/modlog` },
      { label: "moderation", path: `/g/${group}/moderation` },
      { label: "group settings", path: `/g/${group}/settings` },
      { label: "new thread", path: `/g/${group}/new`, ready: (p) => p.getByRole("textbox", { name: "Post" }) },
      { label: "new group", path: "/new-group" },
      { label: "search", path: `/search?q=lumen${suffix}`, ready: (p) => p.getByRole("link", { name: title }) },
      { label: "notifications", path: "/notifications" },
      { label: "settings", path: "/settings" },
      { label: "uploads", path: "/settings/uploads" },
      { label: "signin", path: "/signin" },
      { label: "profile", path: `/u/${owner.id}` },
      { label: "api docs", path: "/docs/api", ready: scalarReady },
      { label: "404", path: "/no-such-page", ready: (p) => p.getByTestId("not-found") },
    ],
    "owner",
  );

  // The header's menus, open.
  await page.goto("/");
  await page.locator(".user-menu-trigger").click();
  await expect(page.getByRole("link", { name: "Your profile" })).toBeVisible();
  await expectNoSeriousViolations(page, "owner: the user menu open");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  await expectNoSeriousViolations(page, "owner: the notifications menu open");
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("home, group and thread as a guest and signed in", async ({ page }) => {
    await installWallet(page);
    const seeded = await findSeededPaths(page);
    const visits = [
      { label: "home", path: "/" },
      { label: "group", path: "/g/ethereum-dev" },
      { label: "thread", path: seeded.thread },
      { label: "search", path: "/search?q=gas", ready: (p: Page) => p.getByRole("heading", { level: 1 }) },
    ];
    await scanPages(page, visits, "phone guest");
    await signInWithWallet(page, { username: `phone_${suffix}` });
    await scanPages(page, visits, "phone signed in");
  });
});
