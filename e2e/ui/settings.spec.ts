import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// The settings page's preferences (contract section 17): bio (links become links, nothing else
// interpreted), theme saved to the account and followed on every device, sensitive content and
// online status (the email section is e2e/ui/email-settings.spec.ts).
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-settings";

test("preferences are saved to the account: bio on the profile, theme on every page and device", async ({ page, request, baseURL, wallet, context }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "settings" });
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Preferences" });
  await expect(form).toBeVisible();
  await expect(form.getByRole("radio", { name: "Same as this device" })).toBeChecked();
  await shootBothWidths(page, SHOTS, "settings-defaults");

  await form.getByLabel("Bio").fill(`Builder of <b>things</b>. See https://example.com/about-${suffix}.`);
  await form.getByRole("radio", { name: "Dark" }).check();
  await form.getByRole("checkbox", { name: "Show sensitive content without a cover" }).check();
  await form.getByRole("checkbox", { name: "Hide my online status" }).check();
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByText("Your preferences are saved.")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // Saved: the same values after a reload, and over the API.
  await page.reload();
  await expect(form.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Show sensitive content without a cover" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Hide my online status" })).toBeChecked();
  const me = await world.api.call<{ user: { bio: string; dark_mode: number; settings: Record<string, unknown> } }>("GET", "/api/me", { token: world.me.token });
  expect(me.user).toMatchObject({ dark_mode: 1, settings: { email_notifications: "mentions", email_digest: "weekly", show_nsfw: 1, hide_online: 1 } });
  await shootBothWidths(page, SHOTS, "settings-dark");

  // The profile shows the bio: the address is a link, the markup is text.
  await page.goto(`/u/${world.me.id}`);
  const bio = page.getByTestId("profile-bio");
  await expect(bio.getByRole("link", { name: `https://example.com/about-${suffix}` })).toHaveAttribute("href", `https://example.com/about-${suffix}`);
  await expect(bio).toContainText("Builder of <b>things</b>.");
  await expect(bio.locator("b")).toHaveCount(0);
  await shootBothWidths(page, SHOTS, "profile-bio");

  // Another device: no theme cookie of its own, yet the pages follow the account, kept pages too.
  await context.clearCookies({ name: "agora-theme" });
  for (const path of ["/", world.thread.path, "/settings"]) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("data-theme", "dark");
  }
  // Following the device: no theme of the page's own.
  await page.goto("/settings");
  await form.getByRole("radio", { name: "Same as this device" }).check();
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByText("Your preferences are saved.")).toBeVisible();
  await page.goto(world.thread.path);
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  // The header's button saves the account's theme too.
  await page.getByRole("button", { name: "Toggle dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", /dark|light/);
  const chosen = await page.locator("html").getAttribute("data-theme");
  await expect
    .poll(async () => (await world.api.call<{ user: { dark_mode: number } }>("GET", "/api/me", { token: world.me.token })).user.dark_mode)
    .toBe(chosen === "dark" ? 1 : 0);
});
