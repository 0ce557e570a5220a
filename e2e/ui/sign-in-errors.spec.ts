import { randomBytes } from "node:crypto";
import { test as plain } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";

// The ways signing in goes wrong for real people, and what they are told.
const suffix = randomBytes(3).toString("hex");

plain("without a browser wallet the page explains what is needed", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByText(/No browser wallet was found/)).toBeVisible();
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /No browser wallet was found/ })).toBeVisible();
});

test("a declined signature and a taken username are explained, and the user can carry on", async ({ page, wallet }) => {
  await page.goto("/signin?next=/settings");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByRole("heading", { name: "Choose a username" })).toBeVisible();

  await wallet.rejectSignatures(true);
  await page.getByLabel("Username", { exact: true }).fill(`decliner_${suffix}`);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You declined to sign the message." })).toBeVisible();
  await wallet.rejectSignatures(false);

  // "ada" belongs to the seeded demo data; usernames are unique whatever their case.
  await page.getByLabel("Username", { exact: true }).fill("ADA");
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That username is already taken. Please choose another." })).toBeVisible();

  await page.getByLabel("Username", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your username must be at least 2 characters." })).toBeVisible();

  await page.getByLabel("Username", { exact: true }).fill(`decliner_${suffix}`);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  // Back where the visitor was going, signed in.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue(`decliner_${suffix}`);
  // The taken name may be caught before or after a signature (the availability check races the
  // wallet), but the good attempt signed, and no message was ever signed twice.
  expect(wallet.signedMessages.length).toBeGreaterThanOrEqual(1);
  expect(wallet.signedMessages.length).toBeLessThanOrEqual(2);
  expect(new Set(wallet.signedMessages).size).toBe(wallet.signedMessages.length);
});

test("a returning wallet that is still connected signs in again and lands where it was going", async ({ page, wallet }) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page.getByLabel("Username", { exact: true }).fill(`returning_${suffix}`);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page.locator(".user-menu-trigger")).toBeVisible();
  await page.locator(".user-menu-trigger").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();

  await page.goto("/new-group");
  await expect(page).toHaveURL(/\/signin\?next=%2Fnew-group$/);
  // Still connected from before: the page offers to sign with that wallet.
  await expect(page.getByText(wallet.checksumAddress)).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).and(page.locator("main button")).click();
  await expect(page).toHaveURL(/\/new-group$/);
  await expect(page.getByRole("heading", { level: 1, name: "Start a community" })).toBeVisible();
});
