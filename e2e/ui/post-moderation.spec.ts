import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 12 in the browser: the post menu (edit with its history, delete, restore),
// the thread tools (lock) and what a banned member sees instead of Reply.
const GROUP = "agora-lounge";

function suffix(): string {
  return randomBytes(3).toString("hex");
}

/** Starts a thread in the seeded lounge through the New thread page; returns its address. */
async function startThread(page: Page, title: string, text: string): Promise<string> {
  await page.goto(`/g/${GROUP}/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: /^Post/ }).click();
  await page.keyboard.type(text);
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

async function openMenu(post: Locator): Promise<Locator> {
  await post.getByRole("button", { name: "More actions for this post" }).click();
  const menu = post.getByRole("menu", { name: "Post actions" });
  await expect(menu).toBeVisible();
  return menu;
}

/** Runs SQL for the signed-in user (found by username): what only a group's owner could grant. */
async function plantForUser(baseURL: string, username: string, sql: string): Promise<void> {
  await withDatabase(baseURL, async (client) => {
    const { rows } = await client.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]);
    await client.query(sql, [rows[0]!.id, GROUP]);
  });
}

test("an author edits a post in the composer, sees “edited” and what changed in the history", async ({ page, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  const id = suffix();
  await signInWithWallet(page, { username: `editor_${id}` });
  await startThread(page, `Edit me ${id}`, "The first draft says hello");

  const post = page.locator(".post--first");
  await (await openMenu(post)).getByRole("menuitem", { name: "Edit" }).click();
  const editor = post.getByRole("textbox", { name: "Edit your post" });
  await expect(editor).toContainText("The first draft says hello");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("The second draft says goodbye");
  await post.getByRole("button", { name: "Save changes" }).click();

  await expect(post.locator(".post__body")).toHaveText("The second draft says goodbye");
  await post.getByRole("button", { name: "edited" }).click();
  const history = page.getByRole("dialog", { name: "Edit history" });
  await expect(history.getByTestId("revision")).toHaveCount(1);
  await expect(history.locator("del")).toContainText(["first", "hello"]);
  await expect(history.locator("ins")).toContainText(["second", "goodbye"]);
  await history.getByRole("button", { name: "Close" }).click();
  await expect(history).toHaveCount(0);
});

test("an author deletes a reply after confirming, keeps reading it, and restores it", async ({ page, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  const id = suffix();
  await signInWithWallet(page, { username: `deleter_${id}` });
  const path = await startThread(page, `Delete me ${id}`, "Opening words");
  const first = page.locator(".post--first");
  await first.getByRole("button", { name: "Reply" }).click();
  await first.getByRole("textbox", { name: "Your reply" }).click();
  await page.keyboard.type("A reply I will take back");
  await first.getByRole("button", { name: "Post reply" }).click();
  const reply = page.locator(".replies [data-testid=post]").filter({ hasText: "A reply I will take back" });
  await expect(reply).toBeVisible();

  await (await openMenu(reply)).getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(confirm).toContainText("deleted by the author");
  await confirm.getByRole("button", { name: "Delete post" }).click();
  const placeholder = page.locator(".replies [data-testid=post]").filter({ hasText: "This post was deleted by its author." });
  await expect(placeholder).toBeVisible();

  // A guest sees the placeholder only; the words stay with their author.
  const guest = await page.context().browser()!.newPage();
  await guest.goto(path);
  const guestView = guest.locator(".replies [data-testid=post]").filter({ hasText: "This post was deleted by its author." });
  await expect(guestView).toBeVisible();
  await expect(guestView).not.toContainText("A reply I will take back");
  await guest.close();

  await (await openMenu(placeholder)).getByRole("menuitem", { name: "Restore" }).click();
  const restored = page.locator(".replies [data-testid=post]").filter({ hasText: "A reply I will take back" });
  await expect(restored.locator(".post__body--deleted")).toHaveCount(0);
  await expect(restored.locator(".post__body")).toHaveText("A reply I will take back");
});

test("a moderator locks a thread: a notice replaces Reply for everyone else", async ({ page, baseURL, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  const id = suffix();
  const username = `mod_${id}`;
  await signInWithWallet(page, { username });
  const path = await startThread(page, `Lock me ${id}`, "A heated debate");
  await plantForUser(baseURL!, username, "INSERT INTO group_admins (group_id, user_id, level, updated_at) SELECT id, $1, 3, now() FROM groups WHERE name = $2");

  await page.reload();
  await page.getByRole("button", { name: "Thread tools" }).click();
  await page.getByRole("group", { name: "Thread tools" }).getByRole("button", { name: "Lock" }).click();
  await expect(page.locator(".thread-header__title .badge--lock")).toHaveText("Locked");
  await expect(page.getByTestId("notice-locked")).toHaveText("This thread is locked. As a moderator you can still reply.");
  await expect(page.locator(".post--first").getByRole("button", { name: "Reply" })).toBeVisible();

  const guest = await page.context().browser()!.newPage();
  await guest.goto(path);
  await expect(guest.getByTestId("notice-locked")).toHaveText("This thread is locked: new replies are turned off.");
  await expect(guest.getByRole("link", { name: "Sign in to reply" })).toHaveCount(0);
  await guest.close();

  await page.getByRole("group", { name: "Thread tools" }).getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByTestId("notice-locked")).toHaveCount(0);
});

test("a banned member sees why instead of a composer", async ({ page, baseURL, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  const id = suffix();
  const username = `banned_${id}`;
  await signInWithWallet(page, { username });
  const path = await startThread(page, `Before the ban ${id}`, "Still allowed to post");
  await plantForUser(
    baseURL!,
    username,
    `INSERT INTO group_bans (group_id, user_id, banned_by_id, reason, until)
     SELECT g.id, $1, g.owner_id, 'Spamming links', now() + interval '3 days' FROM groups g WHERE g.name = $2`,
  );

  await page.goto(path);
  const notice = page.getByTestId("notice-banned");
  await expect(notice).toContainText("You are banned from posting in this group until");
  await expect(notice).toContainText("Reason: Spamming links");
  await expect(page.getByRole("button", { name: "Reply" })).toHaveCount(0);
  await expect(page.locator(".post--first .post__badge")).toHaveText("banned");
});
