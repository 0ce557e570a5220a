import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { readZipEntries } from "../../packages/agora-verify/src/zip.js";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { setUpForumWorld } from "../helpers/forum-world";
import { shootAtWidths } from "../helpers/screenshots";

// The settings page's "Download my data" section (contract section 20): request an export, watch it
// become ready without reloading, download the zip (it holds posts.json with the person's post), and
// see it expired once its seven days have passed (moved in the database, not waited for).
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-data-export";

test("an export is requested, downloaded as a zip, and reads expired after its days", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "export" });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Download my data" });
  await expect(section).toHaveAttribute("data-state", "none");
  await expect(section.getByText("You have not asked for a copy yet.")).toBeVisible();
  await shootAtWidths(section, page, SHOTS, "none");

  await section.getByRole("button", { name: "Request my data" }).click();
  // Queued first, then ready as the section asks again; no reload.
  await expect(section).toHaveAttribute("data-state", /queued|ready/);
  await expect(section).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
  await expect(section.getByText(/It is kept until .* UTC, then removed\./)).toBeVisible();
  await shootAtWidths(section, page, SHOTS, "ready");

  const [download] = await Promise.all([page.waitForEvent("download"), section.getByTestId("data-export-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^agora-export-.+\.zip$/);
  const bytes = fs.readFileSync((await download.path())!);
  const entries = new Map(readZipEntries(bytes).map((entry) => [entry.name, entry.data]));
  const posts = JSON.parse(entries.get("posts.json")!.toString("utf8")) as { post_id: number; proof: { post_id: number } }[];
  expect(posts.map((post) => post.post_id)).toEqual([world.thread.firstPostId]);
  expect(posts[0]!.proof.post_id).toBe(world.thread.firstPostId);

  await withDatabase(baseURL!, (db) =>
    db.query("UPDATE user_exports SET ready_at = ready_at - interval '8 days', expires_at = expires_at - interval '8 days' WHERE user_id = $1", [world.me.id]),
  );
  await page.reload();
  await expect(section).toHaveAttribute("data-state", "expired");
  await expect(section.getByText(/Your last file was removed on .* UTC/)).toBeVisible();
  await expect(section.getByRole("button", { name: "Request a new copy" })).toBeVisible();
  await shootAtWidths(section, page, SHOTS, "expired");
});
