import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, installWallet, test, type InjectedWallet } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 17: the composer saves as you type, on the server, so another device restores it;
// a newer save from another tab asks which version to keep.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-drafts";
let groups = 0;

async function createGroup(api: ApiClient, baseURL: string, owner: ApiUser) {
  const name = `drafts-${suffix}-${++groups}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title: `Drafting ${suffix}`, description: "Where drafts are written.", cover: "", logo: "" },
  });
  const id = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${id}/threads/create`, {
    token: owner.token,
    data: { title: `A thread to reply to ${suffix}`, content: textDelta("Reply to me.") },
  });
  return { id, name, threadId: thread.id };
}

/** Another browser (another device): a fresh context signed in with the same wallet. */
async function openElsewhere(browser: Browser, wallet: InjectedWallet): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await installWallet(page, wallet);
  await signInWithWallet(page);
  return page;
}

const editorOf = (page: Page) => page.getByRole("textbox", { name: /^(Post|Your reply)/ });
const savedOf = (page: Page) => page.locator(".draft-status");

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a new thread's draft is saved as you type, restored on another device, listed, and gone once published", async ({
  page,
  browser,
  request,
  baseURL,
  wallet,
}) => {
  const username = `drafter_${suffix}`;
  await signInWithWallet(page, { username });
  const api = await createApiClient(request, baseURL!, `e2e drafts ${suffix}`);
  const me = await api.registerUser(username, wallet);
  const group = await createGroup(api, baseURL!, me);

  await page.goto(`/g/${group.name}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Half-written ${suffix}`);
  await editorOf(page).click();
  await page.keyboard.type("A thought I will finish on my phone.");
  await expect(savedOf(page)).toHaveText("Saved");
  await shoot(page, "new-thread-saved");

  const phone = await openElsewhere(browser, wallet);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/g/${group.name}/new`);
  await expect(phone.getByLabel("Title", { exact: true })).toHaveValue(`Half-written ${suffix}`);
  await expect(editorOf(phone)).toHaveText("A thought I will finish on my phone.");

  // The account menu's Drafts page lists it, with where it continues.
  await phone.locator(".user-menu-trigger").click();
  await phone.getByRole("link", { name: "Drafts" }).click();
  await expect(phone).toHaveURL(/\/drafts$/);
  const row = phone.getByTestId("draft").filter({ hasText: `Half-written ${suffix}` });
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(phone, "the Drafts page");
  await shoot(phone, "drafts-page");
  await row.getByRole("link", { name: /^Open/ }).click();
  await expect(phone.getByLabel("Title", { exact: true })).toHaveValue(`Half-written ${suffix}`);
  await editorOf(phone).click();
  await phone.keyboard.press("End");
  await phone.keyboard.type(" Finished.");
  await phone.getByRole("button", { name: "Publish thread" }).click();
  await expect(phone).toHaveURL(new RegExp(`/g/${group.name}/t/\\d+`));

  // Published: the draft went with it.
  await phone.goto("/drafts");
  await expect(phone.getByText("No drafts")).toBeVisible();
  await phone.context().close();
});

test("two tabs: a stale tab's save asks which version to keep; a draft is deleted from the Drafts page", async ({ page, request, baseURL, wallet }) => {
  const username = `tabber_${suffix}`;
  await signInWithWallet(page, { username });
  const api = await createApiClient(request, baseURL!, `e2e draft tabs ${suffix}`);
  const me = await api.registerUser(username, wallet);
  const group = await createGroup(api, baseURL!, me);
  const threadUrl = `/g/${group.name}/t/${group.threadId}`;

  await page.goto(threadUrl);
  await page.locator(".post--first").getByRole("button", { name: "Reply" }).click();
  await editorOf(page).click();
  await page.keyboard.type("Written in the first tab.");
  await expect(savedOf(page)).toHaveText("Saved");

  const second = await page.context().newPage();
  await second.goto(threadUrl);
  await second.locator(".post--first").getByRole("button", { name: "Reply" }).click();
  await expect(editorOf(second)).toHaveText("Written in the first tab.");
  await editorOf(second).click();
  await second.keyboard.press("ControlOrMeta+End");
  await second.keyboard.type(" And more from the second.");
  await expect(savedOf(second)).toHaveText("Saved");

  // The first tab never saw the second's save: its next save is refused, and it asks.
  await page.bringToFront();
  await editorOf(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Stale words.");
  const prompt = page.getByRole("alertdialog", { name: "This draft changed somewhere else" });
  await expect(prompt).toBeVisible();
  await expectNoSeriousViolations(page, "the draft conflict prompt");
  await shoot(page, "draft-conflict");
  await prompt.getByRole("button", { name: "Use the other version" }).click();
  await expect(prompt).toBeHidden();
  await expect(editorOf(page)).toHaveText("Written in the first tab. And more from the second.");
  await editorOf(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Then on from there.");
  await expect(savedOf(page)).toHaveText("Saved");

  // The second tab is now the stale one: it keeps its own version.
  await second.bringToFront();
  await editorOf(second).click();
  await second.keyboard.press("ControlOrMeta+End");
  await second.keyboard.type("!");
  const secondPrompt = second.getByRole("alertdialog", { name: "This draft changed somewhere else" });
  await expect(secondPrompt).toBeVisible();
  await secondPrompt.getByRole("button", { name: "Keep this version" }).click();
  await expect(savedOf(second)).toHaveText("Saved");

  await second.goto("/drafts");
  const row = second.getByTestId("draft").filter({ hasText: "And more from the second.!" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /^Delete draft/ }).click();
  await expect(second.getByRole("status").filter({ hasText: /^Deleted/ })).toBeVisible();
  await second.reload();
  await expect(second.getByText("No drafts")).toBeVisible();
});
