import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";

// The whole write side with a wallet Agora has never seen: register, start a community,
// give it a category, post a formatted thread, reply, and check what a reader gets.
const suffix = randomBytes(3).toString("hex");
const USERNAME = `writer_${suffix}`;
const HANDLE = `pw-${suffix}`;
const GROUP_TITLE = `Playwright Writers ${suffix}`;
const THREAD_TITLE = `Formatting check ${suffix}`;

function editorOf(scope: Page | Locator): Locator {
  return scope.getByRole("textbox", { name: /^(Post|Your reply)/ });
}

async function expectFormattedFirstPost(page: Page) {
  const body = page.locator(".post--first .post__body");
  await expect(body.locator("strong")).toHaveText("bold words");
  await expect(body.locator("ul li")).toHaveText(["first item", "second item"]);
  await expect(body.locator('a[href="https://example.com/docs"]')).toHaveText("https://example.com/docs");
  await expect(body).toContainText("Party 🎉");
  // Through the signed image proxy: the image's host never sees the reader.
  await expect(body.locator(`img[src^="/media/proxy?url=${encodeURIComponent("https://images.example/pic.png")}&sig="]`)).toHaveCount(1);
}

test("a new wallet registers, creates a community, posts a formatted thread, replies and signs out", async ({ page, wallet }) => {
  // Sign in: a new wallet is asked for a username, then registered and signed in.
  await signInWithWallet(page, { username: USERNAME });
  expect(wallet.signedMessages).toHaveLength(1);
  // EIP-4361: the message names the page's own origin (what a real wallet checks) and the EIP-55 address.
  const signed = wallet.signedMessages[0]!.split("\n");
  expect(signed.slice(0, 2)).toEqual([`${new URL(page.url()).origin} wants you to sign in with your Ethereum account:`, wallet.checksumAddress]);

  // New community from the account menu.
  await page.locator(".user-menu-trigger").click();
  await page.getByRole("link", { name: "New community" }).click();
  await expect(page).toHaveURL(/\/new-group$/);
  await page.getByLabel("Title", { exact: true }).fill(GROUP_TITLE);
  await expect(page.getByLabel("Handle", { exact: true })).toHaveValue(`playwright-writers-${suffix}`);
  await page.getByLabel("Handle", { exact: true }).fill(HANDLE);
  await page.getByLabel("Description").fill("Where the browser tests write.");
  await page.getByRole("button", { name: "Create community" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${HANDLE}$`));
  await expect(page.getByRole("heading", { level: 1, name: GROUP_TITLE })).toBeVisible();

  // Its settings: add a category.
  await page.goto(`/g/${HANDLE}/settings`);
  await expect(page.getByText("No categories yet.")).toBeVisible();
  await page.getByLabel("New category name").fill("Announcements");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category “Announcements” added.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Existing categories" }).getByText("Announcements")).toBeVisible();

  // A thread with bold text, a link and a bullet list, written with the toolbar and the keyboard.
  await page.goto(`/g/${HANDLE}`);
  await page.getByRole("link", { name: "New thread" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/g/${HANDLE}/new$`));
  await page.getByLabel("Title", { exact: true }).fill(THREAD_TITLE);
  await page.getByRole("combobox", { name: /^Category/ }).selectOption({ label: "Announcements" });
  const editor = editorOf(page);
  await editor.click();
  await page.keyboard.type("Some ");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("bold words");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" and a link: ");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await page.getByLabel("Link address").fill("example.com/docs");
  await page.getByLabel("Link address").press("Enter");
  await page.keyboard.press("Enter");
  // Quill turns "- " at the start of a line into a bulleted list.
  await page.keyboard.type("- first item");
  await page.keyboard.press("Enter");
  await page.keyboard.type("second item");
  // Enter on an empty list item ends the list; then an emoji from the picker and an image by address.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Party ");
  await toolbar.getByRole("button", { name: "Emoji" }).click();
  await page.getByRole("dialog", { name: "Insert an emoji" }).getByRole("button", { name: "tada" }).click();
  await toolbar.getByRole("button", { name: "Image from a web address" }).click();
  await page.getByLabel("Image address (http or https)").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Insert image" }).click();
  await expect(page.getByText("Enter a web address starting with http:// or https://")).toBeVisible();
  await page.getByLabel("Image address (http or https)").fill("https://images.example/pic.png");
  await page.getByRole("button", { name: "Insert image" }).click();
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${HANDLE}/t/\\d+/formatting-check-${suffix}$`));
  await expect(page.getByRole("heading", { level: 1, name: THREAD_TITLE })).toBeVisible();
  await expectFormattedFirstPost(page);

  // Reply to the opening post; the server-rendered thread shows it after the composer closes.
  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await editorOf(firstPost).click();
  await page.keyboard.type("A reply written in Playwright.");
  await firstPost.getByRole("button", { name: "Post reply" }).click();
  await expect(page.locator(".replies [data-testid=post]").filter({ hasText: "A reply written in Playwright." })).toBeVisible();

  // A fresh load renders everything from the stored deltas on the server.
  await page.reload();
  await expectFormattedFirstPost(page);
  await expect(page.locator(".replies [data-testid=post]").filter({ hasText: "A reply written in Playwright." })).toHaveCount(1);

  // Sign out: the session's token is revoked and every write control disappears.
  await page.locator(".user-menu-trigger").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reply" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to reply" }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Reply" })).toHaveCount(0);
  await page.goto(`/g/${HANDLE}`);
  await expect(page.getByRole("link", { name: "New thread" })).toHaveCount(0);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/signin\?next=%2Fsettings$/);
});

test("reading pages load the editor only when someone starts writing; forms fit 360 px and work from the keyboard", async ({ page, wallet }) => {
  await signInWithWallet(page, { username: `reader_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);

  const assets: string[] = [];
  page.on("response", async (response) => {
    if (!["script", "stylesheet"].includes(response.request().resourceType())) return;
    assets.push(await response.text().catch(() => ""));
  });
  // A marker from Quill's code and its stylesheet (the class of an empty editor).
  const quillLoaded = () => assets.some((source) => source.includes("ql-blank"));

  await page.goto("/g/ethereum-dev");
  await page.getByTestId("thread-row").first().getByRole("link").first().click();
  await expect(page.locator(".post--first")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(assets.length).toBeGreaterThan(0);
  expect(quillLoaded()).toBe(false);

  await page.locator(".post--first").getByRole("button", { name: "Reply" }).click();
  await expect(page.locator(".post--first").getByRole("textbox", { name: "Your reply" })).toBeFocused();
  expect(quillLoaded()).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/new-group", "/settings", "/g/ethereum-dev/new", "/signin?next=/settings"]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  }

  // The new-thread form from the keyboard: the toolbar is one tab stop with arrow keys inside it.
  await page.goto("/g/ethereum-dev/new");
  const editor = page.getByRole("textbox", { name: "Post" });
  await expect(editor).toBeVisible();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Bold" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Italic" })).toBeFocused();
  // Then the image picker above the writing area, then the editor.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Upload an image")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();
  await page.keyboard.type("Tab leaves the editor");
  // Tab leaves the editor for the next control: the poll builder's button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Add a poll" })).toBeFocused();
  await expect(editor).toHaveText("Tab leaves the editor");
});
