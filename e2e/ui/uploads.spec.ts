import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { makePng, pasteImage } from "../helpers/images";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 15 in the browser: an image pasted into the composer is uploaded, shown in the
// thread from /uploads; a refused file says why and keeps the draft; an avatar is uploaded with a preview.
const suffix = randomBytes(3).toString("hex");

test("an image pasted into the composer is uploaded and shows in the posted thread", async ({ page, wallet }) => {
  const handle = `up-${suffix}`;
  await signInWithWallet(page, { username: `uploader_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/new-group");
  await page.getByLabel("Title", { exact: true }).fill(`Uploads ${suffix}`);
  await page.getByLabel("Handle", { exact: true }).fill(handle);
  await page.getByRole("button", { name: "Create community" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${handle}$`));

  await page.goto(`/g/${handle}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Screenshot ${suffix}`);
  const editor = page.getByRole("textbox", { name: "Post" });
  await editor.click();
  await page.keyboard.type("Here is my screenshot:");
  await page.keyboard.press("Enter");

  // A refused file explains why, and the words typed so far stay.
  const picker = page.locator(".editor-uploads input[type=file]");
  await picker.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
  await expect(page.locator(".editor-upload-error")).toContainText("notes.png: This type of file is not allowed here");
  await expect(editor).toContainText("Here is my screenshot:");

  // Paste an image file, as a screenshot tool puts it on the clipboard.
  const png = await makePng(64, 48, { r: 20, g: 160, b: 90 });
  await editor.click();
  await pasteImage(editor, png, "screenshot.png");
  const inEditor = editor.locator('img[src*="/uploads/"]');
  await expect(inEditor).toHaveCount(1);
  await expect(page.locator(".editor-upload-progress")).toHaveCount(0);

  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Screenshot ${suffix}` })).toBeVisible();
  const shown = page.locator(".post--first .post__body img");
  await expect(shown).toHaveAttribute("src", /^\/uploads\/\d+\/[0-9a-f]{64}\.png$/);
  // The browser really loaded it from Agora (the page's CSP allows only this origin).
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);
  await page.screenshot({ path: "test-results/uploads-thread.png", fullPage: true });
});

test("a person changes their avatar by uploading a picture", async ({ page, wallet }) => {
  await signInWithWallet(page, { username: `avatar_${suffix}` });
  expect(wallet.signedMessages).toHaveLength(1);
  await page.goto("/settings");
  const png = await makePng(80, 80, { r: 200, g: 60, b: 160 });
  const preview = page.getByRole("img", { name: "Avatar preview" });
  // The field uploads once the page has hydrated; a file chosen before then goes nowhere.
  await expect(async () => {
    await page.getByLabel("Avatar (optional)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await expect(preview).toHaveAttribute("src", /^\/uploads\/\d+\/[0-9a-f]{64}\.png$/, { timeout: 3_000 });
  }).toPass();
  await page.screenshot({ path: "test-results/uploads-avatar.png", fullPage: true });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  // The header's avatar is the new picture, served by Agora.
  await expect(page.locator(".user-menu-trigger img")).toHaveAttribute("src", /^\/uploads\/\d+\/[0-9a-f]{64}\.png$/);
});
