import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";
import { writeThreadWithReplies } from "../helpers/writer-thread";

// Contract section 17, bookmarks on the pages: the button under a post, its reminder picker (later
// today, tomorrow, next week, a date), the state kept across a reload, and the Bookmarks page.
const SHOTS = "/tmp/shots-bookmarks";

async function storedReminder(baseURL: string, postId: number): Promise<Date | null> {
  return withDatabase(
    baseURL,
    async (db) => (await db.query<{ remind_at: Date | null }>("SELECT remind_at FROM bookmarks WHERE post_id = $1", [postId])).rows[0]?.remind_at ?? null,
  );
}

test("bookmark a post, pick reminders, find it on the Bookmarks page and remove it", async ({ page, wallet, request, baseURL }) => {
  expect(wallet.address).toMatch(/^0x/);
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = randomBytes(3).toString("hex");
  const { threadId, replyIds, path } = await writeThreadWithReplies(request, baseURL!, `bm${suffix}`, ["Worth keeping for later.", "Not this one."]);
  const postId = replyIds[0]!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithWallet(page, { username: `saver_${suffix}`, next: path });
  const post = page.locator(`#post-${postId}`);
  const button = post.getByRole("button", { name: /^Bookmark/ });
  await expect(button).toHaveAttribute("aria-pressed", "false");

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  const panel = post.getByRole("group", { name: "Reminder" });
  await expect(panel).toContainText("Saved to your bookmarks");
  await page.screenshot({ path: `${SHOTS}/picker-1280.png` });

  await panel.getByRole("button", { name: "Tomorrow" }).click();
  await expect(panel.getByRole("status")).toContainText("Reminder set for");
  const tomorrow = await storedReminder(baseURL!, postId);
  expect(tomorrow?.getHours()).toBe(9);
  expect(tomorrow!.getTime()).toBeGreaterThan(Date.now());
  expect(tomorrow!.getTime()).toBeLessThan(Date.now() + 2 * 24 * 3600 * 1000);

  await panel.getByRole("button", { name: "Later today" }).click();
  await expect.poll(async () => Math.round(((await storedReminder(baseURL!, postId))!.getTime() - Date.now()) / 60_000)).toBeGreaterThan(170);

  await panel.getByRole("button", { name: "Next week" }).click();
  await expect.poll(async () => (await storedReminder(baseURL!, postId))?.getDay()).toBe(1);

  const date = new Date(Date.now() + 20 * 24 * 3600 * 1000);
  const value = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  await panel.getByLabel("On a date").fill(value);
  await panel.getByRole("button", { name: "Set", exact: true }).click();
  await expect.poll(async () => (await storedReminder(baseURL!, postId))?.getDate()).toBe(date.getDate());
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/picker-390.png` });

  // After a reload (the kept page plus the reader's state), the button still says bookmarked.
  await page.reload();
  await expect(page.locator(`#post-${postId}`).getByRole("button", { name: /^Bookmarked/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(`#post-${replyIds[1]}`).getByRole("button", { name: /^Bookmark/ })).toHaveAttribute("aria-pressed", "false");

  // The account menu leads to the Bookmarks page.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Bookmarks" }).first().click();
  await expect(page).toHaveURL(/\/settings\/bookmarks$/);
  const row = page.getByTestId("bookmark");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Thread bm${suffix}`);
  await expect(row).toContainText("Worth keeping for later.");
  await expect(row).toContainText("Reminder:");
  await expect(row.getByRole("link")).toHaveAttribute("href", new RegExp(`/t/${threadId}/.*#post-${postId}$`));
  // The note is edited in place and kept (read back after a reload).
  await row.getByRole("button", { name: "Add a note" }).click();
  await row.getByLabel("Note").fill("  Read before the vote.  ");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row).toContainText("Note: Read before the vote.");
  await page.reload();
  await expect(row).toContainText("Note: Read before the vote.");
  await row.getByRole("button", { name: "Edit note" }).click();
  await expect(row.getByLabel("Note")).toHaveValue("Read before the vote.");
  await page.screenshot({ path: `${SHOTS}/page-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/page-1280.png`, fullPage: true });

  await row.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No bookmarks yet")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("bookmark")).toHaveCount(0);
  await page.goto(path);
  await expect(page.locator(`#post-${postId}`).getByRole("button", { name: /^Bookmark/ })).toHaveAttribute("aria-pressed", "false");
});

test("signed out, posts show no bookmark button", async ({ page, request, baseURL }) => {
  const suffix = randomBytes(3).toString("hex");
  const { path, replyIds } = await writeThreadWithReplies(request, baseURL!, `bmg${suffix}`, ["A guest reads this."]);
  await page.goto(path);
  await expect(page.locator(`#post-${replyIds[0]}`)).toBeVisible();
  await expect(page.locator(".bookmark__button")).toHaveCount(0);
});
