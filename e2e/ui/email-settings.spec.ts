import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/wallet";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";
import { confirmationLink, waitForMail } from "../../tests/support/mailbox";

// The settings page's Email section (contract section 20): set an address, see it is not confirmed,
// open the link the loopback SMTP server received (scripts/e2e-server.mjs), see it confirmed, and
// change what is mailed.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-email";
const MAIL_DIR = path.resolve(".test-data", `e2e-mail-${process.env.E2E_PORT ?? 3100}`);

test("an address is set, confirmed by its emailed link, and the preferences saved", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "email" });
  const address = `me-${suffix}@example.test`;
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Email" });
  await expect(form).toBeVisible();
  await expect(form.getByTestId("email-off")).toHaveCount(0);
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("button", { name: "Save email settings" }).click();
  await expect(form.getByText("Your email settings are saved.")).toBeVisible();
  await expect(form.getByTestId("email-status")).toContainText("Not confirmed");
  await shootBothWidths(page, SHOTS, "email-unconfirmed");

  // Send the link again: a second message arrives; the newest link confirms.
  await form.getByRole("button", { name: "Send the link again" }).click();
  await expect(form.getByText("A new link is on its way.")).toBeVisible();
  const mails = await waitForMail(address, { count: 2, dir: MAIL_DIR, match: (mail) => mail.subject.startsWith("Confirm your email address") });
  const link = new URL(confirmationLink(mails[mails.length - 1]!));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  await expect(page.getByText(`${address} is confirmed.`)).toBeVisible();
  await shootBothWidths(page, SHOTS, "email-confirmed-page");

  await page.getByRole("link", { name: "Email settings" }).click();
  await expect(form.getByTestId("email-status")).toContainText("Confirmed");
  await expect(form.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
  await form.getByLabel("Email me about").selectOption("all");
  await form.getByLabel("Digest of what I missed").selectOption("daily");
  await form.getByRole("button", { name: "Save email settings" }).click();
  await expect(form.getByText("Your email settings are saved.")).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("Email me about")).toHaveValue("all");
  await expect(form.getByLabel("Digest of what I missed")).toHaveValue("daily");
  await expect(form.getByTestId("email-status")).toContainText("Confirmed");
  await shootBothWidths(page, SHOTS, "email-settings");
  const me = await world.api.call<{ user: { email: string; email_confirmed: number; settings: Record<string, unknown> } }>("GET", "/api/me", {
    token: world.me.token,
  });
  expect(me.user).toMatchObject({ email: address, email_confirmed: 1, settings: { email_notifications: "all", email_digest: "daily" } });
});
