import { expect, type Page } from "@playwright/test";

/** Signs in through the real page with the injected wallet, registering `username` if the wallet is new. */
export async function signInWithWallet(page: Page, options: { username?: string; next?: string } = {}): Promise<void> {
  await page.goto(options.next ? `/signin?next=${encodeURIComponent(options.next)}` : "/signin");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  if (options.username) {
    await expect(page.getByRole("heading", { name: "Choose a username" })).toBeVisible();
    await page.getByLabel("Username", { exact: true }).fill(options.username);
    await page.getByRole("button", { name: "Create account and sign in" }).click();
  }
  await expect(page.getByRole("button", { name: options.username ?? /.+/ }).and(page.locator(".user-menu-trigger"))).toBeVisible();
}
