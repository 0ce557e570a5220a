import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { setUpForumWorld } from "../helpers/forum-world";
import { shootAtWidths } from "../helpers/screenshots";

// Contract section 20, leaving: settings' "Delete my account". The name typed confirms it; the
// browser ends signed out on the home page, and what the person wrote reads as by "deleted user".
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-account-deletion";

test('deleting the account from settings signs out, lands home, and the old post shows "deleted user"', async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "leaving" });
  // Someone else in the group, to take it over.
  await world.api.call("POST", `/api/v2/groups/${world.group.id}/join`, { token: world.other.token, data: {} });

  await page.goto("/settings");
  const section = page.getByRole("form", { name: "Delete my account" });
  await expect(section).toBeVisible();
  await expect(section).toContainText("pass to their longest-serving admin");
  const remove = section.getByRole("button", { name: "Delete my account" });
  await expect(remove).toBeDisabled();
  await section.getByLabel(/Type your username/).fill(`me_${suffix}x`);
  await expect(remove).toBeDisabled();
  await section.getByLabel(/Type your username/).fill(`me_${suffix}`);
  await expect(section.getByRole("radio", { name: /Keep what they say/ })).toBeChecked();
  await expect(remove).toBeEnabled();
  await shootAtWidths(section, page, SHOTS, "delete-section");

  await remove.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(page.locator(".user-menu-trigger")).toHaveCount(0);
  // The old token is refused too.
  await expect(world.api.call("GET", "/api/me", { token: world.me.token })).rejects.toThrow(/invalid, expired or revoked/);

  await page.goto(world.thread.path);
  const opening = page.locator(`[id="post-${world.thread.firstPostId}"]`);
  await expect(opening).toContainText("deleted user");
  await expect(opening).toContainText("The opening post, by me.");
  await expect(page.getByText(`me_${suffix}`)).toHaveCount(0);
  await shootAtWidths(page, page, SHOTS, "thread-after");
});
