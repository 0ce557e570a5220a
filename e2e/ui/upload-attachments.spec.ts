import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { makePng, pasteImage } from "../helpers/images";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 15 in the browser: files other than images as chips under the composer where
// the group allows them, the lightbox for a post's images, and placeholders for deleted uploads.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-uploads";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

test("attachment chips, the image lightbox and placeholders for deleted uploads", async ({ page, wallet, baseURL }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const handle = `files-${suffix}`;
  await signInWithWallet(page, { username: `filer_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/new-group");
  await page.getByLabel("Title", { exact: true }).fill(`Files ${suffix}`);
  await page.getByLabel("Handle", { exact: true }).fill(handle);
  await page.getByRole("button", { name: "Create community" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${handle}$`));

  // A group that takes images only: no file picker besides the image one.
  await page.goto(`/g/${handle}/new`);
  await expect(page.getByText("Upload an image")).toBeVisible();
  await expect(page.getByText("Attach a file")).toHaveCount(0);

  await withDatabase(baseURL!, (db) =>
    db.query(`UPDATE groups SET attached_files = '{"allow_everyone":1,"allow_post":1,"allow_all_file_type":"1"}' WHERE name = $1`, [handle]),
  );
  await page.goto(`/g/${handle}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Report ${suffix}`);
  const editor = page.getByRole("textbox", { name: "Post" });
  await editor.click();
  await page.keyboard.type("The report and two pictures:");
  await page.keyboard.press("Enter");

  // A file over the size limit is refused with the reason; the draft stays.
  const picker = page.getByLabel("Attach a file");
  await picker.setInputFiles({ name: "huge.zip", mimeType: "application/zip", buffer: Buffer.alloc(10 * 1_048_576 + 4096, 7) });
  await expect(page.locator(".editor-attachments [role=alert]")).toContainText("huge.zip: The file is too big");
  await expect(editor).toContainText("The report and two pictures:");

  // Two files become chips (name, size, remove); one is removed again before posting.
  await picker.setInputFiles([
    { name: "report.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "draft.txt", mimeType: "text/plain", buffer: Buffer.from("not this one\n") },
  ]);
  const chips = page.getByRole("list", { name: "Attached files" }).getByRole("listitem");
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toContainText("report.pdf");
  await expect(chips.first()).toContainText(`${PDF.length} B`);
  await expect(chips.locator("progress")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove draft.txt" }).click();
  await expect(chips).toHaveCount(1);

  // Images still go inline.
  await editor.click();
  await pasteImage(editor, await makePng(120, 80, { r: 30, g: 140, b: 220 }), "blue.png");
  await expect(editor.locator('img[src*="/uploads/"]')).toHaveCount(1);
  await pasteImage(editor, await makePng(90, 120, { r: 230, g: 120, b: 40 }), "orange.png");
  await expect(editor.locator('img[src*="/uploads/"]')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/composer-chip.png`, fullPage: true });

  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Report ${suffix}` })).toBeVisible();
  const firstPost = page.locator(".post--first");
  const download = firstPost.getByRole("list", { name: "Attached files" }).getByRole("link", { name: "report.pdf" });
  await expect(download).toHaveAttribute("href", /^\/uploads\/\d+\/[0-9a-f]{64}\.pdf$/);
  await expect(firstPost.getByText("draft.txt")).toHaveCount(0);
  // The removed chip's upload stays unattached, for the orphan sweep.
  const drafts = await withDatabase(baseURL!, (db) =>
    db.query<{ post_id: number | null }>(
      "SELECT a.post_id FROM attachments a JOIN users u ON u.id = a.user_id WHERE u.username = $1 AND a.name = 'draft.txt'",
      [`filer_${suffix}`],
    ),
  );
  expect(drafts.rows).toEqual([{ post_id: null }]);

  // The lightbox: focus moves in, arrows step through the post's images, Escape closes, focus returns.
  const imageLinks = firstPost.locator(".post__body a[data-lightbox]");
  await expect(imageLinks).toHaveCount(2);
  await expect(imageLinks.first().locator("img")).toHaveAttribute("width", "120");
  await imageLinks.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(dialog.getByText("Image 1 of 2")).toBeVisible();
  await expect.poll(() => dialog.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
  await page.screenshot({ path: `${SHOTS}/lightbox.png` });
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByText("Image 2 of 2")).toBeVisible();
  await expect(dialog.locator("img")).toHaveAttribute("width", "90");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(imageLinks.first()).toBeFocused();
  await imageLinks.nth(1).click();
  await expect(dialog.getByText("Image 2 of 2")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(imageLinks.nth(1)).toBeFocused();

  // A reply takes a chip too.
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await page.getByLabel("Attach a file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("reply notes\n") });
  await expect(page.getByRole("button", { name: "Remove notes.txt" })).toBeVisible();
  await page.getByRole("textbox", { name: "Your reply" }).click();
  await page.keyboard.type("Notes attached");
  await page.getByRole("button", { name: "Post reply" }).click();
  const reply = page.getByRole("article").filter({ hasText: "Notes attached" });
  await expect(reply.getByRole("link", { name: "notes.txt" })).toHaveAttribute("href", /^\/uploads\/\d+\/[0-9a-f]{64}\.txt$/);

  // Deleted uploads (the marker their delete leaves, as the API test shows it made) become placeholders.
  const [pdfId, imageId] = await Promise.all([
    download.getAttribute("href").then((href) => Number(href!.split("/")[2])),
    imageLinks
      .nth(1)
      .getAttribute("href")
      .then((href) => Number(href!.split("/")[2])),
  ]);
  await withDatabase(baseURL!, (db) => db.query("UPDATE attachments SET sha256 = NULL, removed_at = now() WHERE id = ANY($1::int[])", [[pdfId, imageId]]));
  await page.reload();
  await expect(firstPost.getByRole("img", { name: "File removed" })).toBeVisible();
  await expect(firstPost.getByRole("img", { name: "Image removed" })).toBeVisible();
  await expect(firstPost.locator(".post__body a[data-lightbox]")).toHaveCount(1);
  await expect(firstPost.getByRole("link", { name: "report.pdf" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/placeholders.png`, fullPage: true });
});
