import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { createApiClient } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { makePng, pasteImage } from "../helpers/images";
import { signInWithWallet } from "../helpers/sign-in";

// "Your uploads" (/settings/uploads): a person sees their own uploads with where each is used,
// and deletes one after confirming; the post that showed it shows the placeholder.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-my-uploads";

/** Uploads through the page's own /uploads route, as the composer and the settings forms do. */
async function uploadFromPage(page: Page, png: Buffer, fields: Record<string, string>, name: string): Promise<void> {
  const status = await page.evaluate(
    async ([bytes, formFields, fileName]) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(formFields as Record<string, string>)) form.append(key, value);
      form.append("file", new File([new Uint8Array(bytes as number[])], fileName as string, { type: "image/png" }));
      return (await fetch("/uploads", { method: "POST", body: form })).status;
    },
    [[...png], fields, name] as const,
  );
  expect(status).toBe(200);
}

test("a person lists their uploads and deletes an image a reply shows", async ({ page, wallet, request, baseURL }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const handle = `mine-${suffix}`;

  // Someone else's upload, which must not be listed.
  const api = await createApiClient(request, baseURL!, `e2e my uploads ${suffix}`);
  const other = await api.registerUser(`other_${suffix}`);
  await api.call("POST", "/api/v2/uploads", {
    token: other.token,
    multipart: { purpose: "avatar", file: { name: `other-${suffix}.png`, mimeType: "image/png", buffer: await makePng(30, 30, { r: 9, g: 9, b: 9 }) } },
  });

  // Signed out, the page sends to sign-in and back.
  await page.goto("/settings/uploads");
  await expect(page).toHaveURL(/\/signin\?next=%2Fsettings%2Fuploads/);
  await signInWithWallet(page, { username: `mine_${suffix}`, next: "/settings/uploads" });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/new-group");
  await page.getByLabel("Title", { exact: true }).fill(`Mine ${suffix}`);
  await page.getByLabel("Handle", { exact: true }).fill(handle);
  await page.getByRole("button", { name: "Create community" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${handle}$`));
  await page.goto(`/g/${handle}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Holiday ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type("Pictures in the replies");
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Holiday ${suffix}` })).toBeVisible();

  // A reply with a pasted image.
  await page.locator(".post--first").getByRole("button", { name: "Reply" }).click();
  const replyEditor = page.getByRole("textbox", { name: "Your reply" });
  await replyEditor.click();
  await page.keyboard.type("The beach");
  await pasteImage(replyEditor, await makePng(120, 80, { r: 30, g: 140, b: 220 }), "beach.png");
  await expect(replyEditor.locator('img[src*="/uploads/"]')).toHaveCount(1);
  await page.getByRole("button", { name: "Post reply" }).click();
  const reply = page.getByRole("article").filter({ hasText: "The beach" });
  await expect(reply.locator('img[src^="/uploads/"]')).toHaveCount(1);
  const threadUrl = new URL(page.url()).pathname;

  // An image never attached, and an avatar.
  await uploadFromPage(page, await makePng(60, 60, { r: 230, g: 120, b: 40 }), { purpose: "post", group_name: handle }, "draft.png");
  await uploadFromPage(page, await makePng(80, 80, { r: 200, g: 60, b: 160 }), { purpose: "avatar" }, "me.png");

  await page.goto("/settings");
  await page.getByRole("link", { name: "Your uploads" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your uploads" })).toBeVisible();
  const rows = page.getByTestId("my-upload");
  await expect(rows).toHaveCount(3);
  // Newest first; each says where it is used.
  await expect(rows.nth(0)).toContainText("me.png");
  await expect(rows.nth(0)).toContainText("Used as avatar");
  await expect(rows.nth(1)).toContainText("draft.png");
  await expect(rows.nth(1)).toContainText("Not attached yet — removed after 24 hours");
  const beach = rows.nth(2);
  await expect(beach).toContainText("beach.png");
  await expect(beach).toContainText("image/png");
  await expect(beach.locator("img")).toHaveAttribute("width", "120");
  await expect.poll(() => beach.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
  const postLink = beach.getByRole("link", { name: `a reply in “Holiday ${suffix}”` });
  await expect(postLink).toHaveAttribute("href", new RegExp(`^${threadUrl}#post-\\d+$`));
  await expect(page.getByText(`other-${suffix}.png`)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/your-uploads.png`, fullPage: true });

  // Cancel keeps it; confirming deletes it, says so, and moves focus to a Delete still there.
  await beach.getByRole("button", { name: "Delete beach.png" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this file?" });
  await expect(dialog).toContainText("The post that shows it will show “Image removed” in its place.");
  await page.screenshot({ path: `${SHOTS}/confirm-delete.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await beach.getByRole("button", { name: "Delete beach.png" }).click();
  await dialog.getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted beach.png" })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Delete draft.png" })).toBeFocused();
  await expect(page.getByRole("heading", { name: "2 uploads" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/after-delete.png`, fullPage: true });

  // Gone since the page loaded (another tab, the sweep): the dialog says so, nothing breaks.
  await withDatabase(baseURL!, (db) =>
    db.query("DELETE FROM attachments WHERE name = 'draft.png' AND user_id = (SELECT id FROM users WHERE username = $1)", [`mine_${suffix}`]),
  );
  await page.getByRole("button", { name: "Delete draft.png" }).click();
  await dialog.getByRole("button", { name: "Delete file" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This file is already deleted. Reload the page to see your uploads as they are now.");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The reply shows the placeholder; the list, loaded again, no longer has it.
  await page.goto(threadUrl);
  await expect(page.getByRole("article").filter({ hasText: "The beach" }).getByRole("img", { name: "Image removed" })).toBeVisible();
  await page.goto("/settings/uploads");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("me.png");

  // Twenty more (rows as an upload leaves them) make a second page, which holds the oldest.
  await withDatabase(baseURL!, (db) =>
    db.query(
      `INSERT INTO attachments (group_id, user_id, url, name, size, mime_type, sha256, ext, purpose)
       SELECT 0, u.id, '', 'filler-' || n || '.bin', '10', 'application/octet-stream', repeat('0', 64), 'bin', 'avatar'
       FROM users u, generate_series(1, 20) AS n WHERE u.username = $1`,
      [`mine_${suffix}`],
    ),
  );
  await page.reload();
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole("heading", { name: "21 uploads" })).toBeVisible();
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/settings\/uploads\?page=2$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("me.png");
});
