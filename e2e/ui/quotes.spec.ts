import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";
import { writeThreadWithReplies } from "../helpers/writer-thread";

// Contract section 17, quotes on the thread page: select words in a post and "Quote" puts them in a
// reply to it; the post's menu quotes it whole; a posted quote shows its author and a link.
const SHOTS = "/tmp/shots-quotes";
const QUOTED = "The quick brown fox jumps over the lazy dog, then naps in the sun.";

/** Selects `words` inside post `postId`'s body, as a reader dragging over them would. */
async function selectWords(page: Page, postId: number, words: string): Promise<void> {
  await page.evaluate(
    ({ postId, words }) => {
      const body = document.querySelector(`#post-${postId} .post__body`)!;
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(words);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        document.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
        return;
      }
      throw new Error(`"${words}" is not in post ${postId}`);
    },
    { postId, words },
  );
}

async function notificationTypes(api: Awaited<ReturnType<typeof writeThreadWithReplies>>["api"], token: string, threadId: number) {
  const data = await api.call<{ notifications: { type: string; thread_id: number }[] }>("GET", "/api/v2/notifications", { token });
  return data.notifications.filter((row) => row.thread_id === threadId).map((row) => row.type);
}

test("select words in a post, Quote, and the reply shows them with the author's name and a link", async ({ page, wallet, request, baseURL }) => {
  expect(wallet.address).toMatch(/^0x/);
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = randomBytes(3).toString("hex");
  const { api, writer, threadId, replyIds, path } = await writeThreadWithReplies(request, baseURL!, `quote${suffix}`, [QUOTED]);
  const quotedId = replyIds[0]!;
  await signInWithWallet(page, { username: `quoter_${suffix}`, next: path });
  await expect(page.locator(`#post-${quotedId}`)).toBeVisible();

  await selectWords(page, quotedId, "quick brown fox");
  const quote = page.locator(".quote-selection");
  await expect(quote).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/selection-1280.png` });
  await quote.click();

  const composer = page.locator(`#post-${quotedId} .reply-composer`);
  const editor = composer.locator(".ql-editor");
  await expect(editor.locator("blockquote")).toHaveText("quick brown fox");
  await expect(editor.locator("blockquote")).toHaveAttribute("data-quote", String(quotedId));
  await expect(composer.getByText(`Quoting ${writer.username}`)).toBeVisible();
  // The caret waits on the line after the quote.
  await page.keyboard.type("Agreed, a fine fox.");
  await composer.getByRole("button", { name: "Post reply" }).click();
  await expect(composer).toHaveCount(0);

  const posted = page.locator("article").filter({ hasText: "Agreed, a fine fox." }).last();
  await expect(posted.locator("blockquote.quote > p:not(.quote__source)")).toHaveText("quick brown fox");
  await expect(posted.locator(".post__body > p")).toHaveText("Agreed, a fine fox.");
  const source = posted.locator(".quote__source a");
  await expect(source).toHaveText(writer.username);
  await expect(source).toHaveAttribute("href", new RegExp(`/t/${threadId}/.*#post-${quotedId}$`));
  await expect(posted.locator(".quote__source")).toContainText("wrote:");
  // The quote answers the quoted post, so its author hears of it once, as a reply (reply outranks quote).
  expect(await notificationTypes(api, writer.token, threadId)).toEqual(["reply"]);

  await posted.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1280, height: 900 });
  await posted.screenshot({ path: `${SHOTS}/rendered-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await posted.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rendered-390.png` });
  // The reply's own live event has long arrived: the reply is on the page, so no bar offers it again.
  await expect(page.getByTestId("live-bar")).toHaveCount(0);

  // The link goes to the quoted post.
  await source.click();
  await expect(page).toHaveURL(new RegExp(`#post-${quotedId}$`));
});

test("the post menu quotes a whole post into a reply to it", async ({ page, wallet, request, baseURL }) => {
  expect(wallet.address).toMatch(/^0x/);
  const suffix = randomBytes(3).toString("hex");
  const { threadId, writer, replyIds, path } = await writeThreadWithReplies(request, baseURL!, `whole${suffix}`, ["First line of a whole post to quote."]);
  const quotedId = replyIds[0]!;
  await signInWithWallet(page, { username: `whole_${suffix}`, next: path });
  const post = page.locator(`#post-${quotedId}`);
  await post.getByRole("button", { name: "More actions for this post" }).click();
  await post.getByRole("menuitem", { name: "Quote" }).click();
  const composer = post.locator(".reply-composer");
  await expect(composer.locator(".ql-editor blockquote")).toHaveText("First line of a whole post to quote.");
  await page.setViewportSize({ width: 390, height: 844 });
  await composer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/whole-post-composer-390.png` });
  await page.keyboard.type("Quoting all of it.");
  await composer.getByRole("button", { name: "Post reply" }).click();
  const posted = page.locator("article").filter({ hasText: "Quoting all of it." }).last();
  await expect(posted.locator("blockquote.quote > p:not(.quote__source)")).toHaveText("First line of a whole post to quote.");
  await expect(posted.locator(".post__body > p")).toHaveText("Quoting all of it.");
  await expect(posted.locator(".quote__source a")).toHaveText(writer.username);
  await expect(posted.locator(".quote__source a")).toHaveAttribute("href", new RegExp(`/t/${threadId}/.*#post-${quotedId}$`));
});
