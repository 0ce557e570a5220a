import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Posts are rendered from stored deltas into HTML on the server. Whatever is stored (typed
// markup, or hostile data the API would refuse, planted straight into the database to stand
// for legacy rows), a reader's browser must get inert text and safe attributes only.
const suffix = randomBytes(3).toString("hex");
const TYPED = `<script>window.__agoraXss = "typed"; alert("typed")</script>`;

const HOSTILE_DELTA = [
  { insert: `<script>window.__agoraXss = "stored"; alert("stored")</script>\n` },
  { insert: "click me", attributes: { link: "javascript:alert('link')" } },
  { insert: " and " },
  { insert: "me too", attributes: { link: " JaVaScRiPt:alert('mixed case')" } },
  { insert: "\n" },
  { insert: { image: `x" onerror="alert('image attribute')` } },
  { insert: { image: "javascript:alert('image')" } },
  { insert: `<img src=x onerror="alert('raw')">\n` },
  { insert: "highlighted", attributes: { background: "red;background-image:url(javascript:alert(1))" } },
  { insert: "\n" },
];
// A legacy row that is not a delta at all.
const LEGACY_HTML = `<p>legacy</p><img src=x onerror="alert('legacy')"><a href="javascript:alert('legacy link')">legacy link</a><script>alert('legacy script')</script>`;

test("stored scripts, javascript: links and onerror handlers render inert", async ({ page, baseURL, wallet }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  await signInWithWallet(page, { username: `xss_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/g/agora-lounge/new");
  await page.getByLabel("Title", { exact: true }).fill(`Markup in posts ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type(TYPED);
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(/\/g\/agora-lounge\/t\/\d+\//);
  const threadId = Number(/\/t\/(\d+)\//.exec(page.url())![1]);

  // The typed markup is stored as text and shown as text.
  const firstBody = page.locator(".post--first .post__body");
  await expect(firstBody).toContainText(TYPED);

  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await firstPost.getByRole("textbox", { name: /Your reply/ }).click();
  await page.keyboard.type("a reply that will become legacy HTML");
  await firstPost.getByRole("button", { name: "Post reply" }).click();
  await expect(page.locator(".replies [data-testid=post]")).toHaveCount(1);

  await withDatabase(baseURL!, async (db) => {
    const { rows } = await db.query<{ first_post_id: number }>("SELECT first_post_id FROM threads WHERE id = $1", [threadId]);
    const firstPostId = rows[0]!.first_post_id;
    const hostile = [{ insert: `${TYPED}\n` }, ...HOSTILE_DELTA];
    await db.query("UPDATE posts SET content = $1 WHERE id = $2", [JSON.stringify(hostile), firstPostId]);
    const updated = await db.query("UPDATE posts SET content = $1 WHERE thread_id = $2 AND id <> $3", [LEGACY_HTML, threadId, firstPostId]);
    expect(updated.rowCount).toBe(1);
  });

  await page.reload();
  await expect(firstBody).toContainText("click me");
  await expect(firstBody).toContainText(`<script>window.__agoraXss = "stored"`);
  await expect(page.locator(".replies .post__body")).toContainText("legacy");
  // Give anything that could fire (image errors, scripts) the time to do it.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __agoraXss?: string }).__agoraXss)).toBeUndefined();
  await expect(page.locator(".post__body script")).toHaveCount(0);
  await expect(page.locator('[href^="javascript:" i], [href*="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('[src^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator("[onerror], [onload], [onclick]")).toHaveCount(0);
  await expect(page.locator('.post__body [style*="url(" i]')).toHaveCount(0);
});
