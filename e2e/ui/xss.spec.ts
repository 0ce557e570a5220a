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

// Rows written before the API checked content, or by older clients: ops whose insert is not a
// string, embeds Agora never had (video, formula, iframe), attributes of every size and kind,
// javascript: and data: targets, and rows that are not a delta array at all. The thread page
// renders them inert, and the edit composer opens on them (Quill must not choke) showing only
// the text it may keep.
const ODD_DELTA: unknown[] = [
  { insert: "odd shapes start\n" },
  { insert: 7 },
  { insert: null },
  { insert: true },
  { insert: ["x"] },
  null,
  "a bare string op",
  { attributes: { bold: true } },
  { insert: { video: "javascript:alert('video')" } },
  { insert: { formula: "\\alert{1}" } },
  { insert: { iframe: "javascript:alert('iframe')" } },
  { insert: { script: "alert('script embed')" } },
  { insert: { image: "data:text/html,<script>alert('data image')</script>" } },
  { insert: { image: "javascript:alert('js image')" } },
  { insert: { emoji: { name: "x\" onmouseover=\"alert('emoji')", unicode: "<img src=x onerror=alert('emoji')>" } } },
  { insert: "huge link", attributes: { link: `https://example.com/${"a".repeat(100_000)}` } },
  { insert: " huge colour", attributes: { background: "#".repeat(50_000) } },
  { insert: " handlers", attributes: { onclick: "alert('onclick')", class: "x", style: "background:url(javascript:alert(1))", bold: "yes" } },
  { insert: " js link", attributes: { link: "javascript:alert('edit link')" } },
  { insert: " tab link", attributes: { link: "jav\tascript:alert('tab')" } },
  { insert: " control link", attributes: { link: "\u0001javascript:alert('control')" } },
  { insert: " header", attributes: { header: 99 } },
  { insert: "\nodd shapes end\n" },
];
const QUILL_OBJECT = { ops: [{ insert: "an ops object\n" }, { insert: { video: "javascript:alert('ops video')" } }] };

test("odd and hostile stored deltas render inert, and the edit composer opens on them", async ({ page, baseURL, wallet }) => {
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));

  await signInWithWallet(page, { username: `odd_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/g/agora-lounge/new");
  await page.getByLabel("Title", { exact: true }).fill(`Odd shapes ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type("to be replaced");
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(/\/g\/agora-lounge\/t\/\d+\//);
  const threadId = Number(/\/t\/(\d+)\//.exec(page.url())![1]);
  const firstPost = page.locator(".post--first");
  for (const text of ["a reply to become an ops object", "a reply to become legacy HTML"]) {
    await firstPost.getByRole("button", { name: "Reply" }).click();
    await firstPost.getByRole("textbox", { name: /Your reply/ }).click();
    await page.keyboard.type(text);
    await firstPost.getByRole("button", { name: "Post reply" }).click();
    await expect(page.locator(".replies [data-testid=post]").filter({ hasText: text })).toHaveCount(1);
  }

  await withDatabase(baseURL!, async (db) => {
    const { rows } = await db.query<{ id: number }>("SELECT id FROM posts WHERE thread_id = $1 ORDER BY id", [threadId]);
    const [first, objectReply, htmlReply] = rows.map((row) => row.id);
    await db.query("UPDATE posts SET content = $1 WHERE id = $2", [JSON.stringify(ODD_DELTA), first]);
    await db.query("UPDATE posts SET content = $1 WHERE id = $2", [JSON.stringify(QUILL_OBJECT), objectReply]);
    await db.query("UPDATE posts SET content = $1 WHERE id = $2", [LEGACY_HTML, htmlReply]);
  });

  const response = await page.reload();
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src[^;]*'nonce-/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await expect(page.locator(".post--first .post__body")).toContainText("odd shapes end");
  await page.waitForLoadState("networkidle");

  const expectInert = async () => {
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    await expect(page.locator("script:not([nonce]):not([src^='/_next/'])")).toHaveCount(0);
    await expect(page.locator("iframe, video, object, embed")).toHaveCount(0);
    await expect(page.locator('[href*="javascript:" i], [src*="javascript:" i], [src^="data:text" i]')).toHaveCount(0);
    await expect(page.locator("[onerror], [onload], [onclick], [onmouseover]")).toHaveCount(0);
    await expect(page.locator('.post__body [style*="url(" i]')).toHaveCount(0);
  };
  await expectInert();

  // The composer opens on each odd row: the kept text is there, the rest is gone, nothing ran.
  const replies = page.locator(".replies [data-testid=post]");
  const targets = [
    { post: firstPost, text: "odd shapes end" },
    { post: replies.nth(0), text: "an ops object" },
    { post: replies.nth(1), text: "legacy" },
  ];
  for (const { post, text } of targets) {
    // .first(): a post's own controls come before those of the replies nested in it.
    await post.getByRole("button", { name: "More actions for this post" }).first().click();
    await post.getByRole("menu", { name: "Post actions" }).first().getByRole("menuitem", { name: "Edit" }).click();
    const editor = post.getByRole("textbox", { name: "Edit your post" }).first();
    await expect(editor).toContainText(text);
    await expectInert();
    await expect(editor.locator("img")).toHaveCount(0);
    await post.getByRole("button", { name: "Cancel" }).first().click();
    await expect(post.getByRole("textbox", { name: "Edit your post" })).toHaveCount(0);
  }
  expect(pageErrors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __agoraXss?: string }).__agoraXss)).toBeUndefined();
});
