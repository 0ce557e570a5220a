import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";

// The Content-Security-Policy from proxy.ts, enforced by a real Chromium: markup that slipped
// into a page (stood for by rewriting the server's HTML in flight) cannot run, while Next's own
// nonced scripts hydrate the page and the Quill editor, wagmi sign-in and theme switching work.
const suffix = randomBytes(3).toString("hex");

function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("an injected inline script, handler or foreign script does not run; Next's scripts do", async ({ page }) => {
  const violations = recordViolations(page);
  await page.route("**/", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "</body>",
      `<script>window.__injected = "inline"</script><img src="/no-such-image.png" onerror="window.__injected = 'handler'"><script src="https://evil.example/x.js"></script></body>`,
    );
    await route.fulfill({ response, body: html });
  });
  const response = await page.goto("/");
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  // Hydrated: the theme toggle (a client component) changes the page.
  const before = await page.locator("html").getAttribute("data-theme");
  await page.getByRole("button", { name: /theme/i }).first().click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", before ?? "");
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  expect(violations.length).toBeGreaterThanOrEqual(2);
  expect(violations.join("\n")).toContain("script-src");
});

test("signed in, the thread page's Quill editor writes a reply with no policy violation", async ({ page, wallet }) => {
  const violations = recordViolations(page);
  void wallet;
  await signInWithWallet(page, { username: `csp_${suffix}` });
  await page.goto("/g/agora-lounge/new");
  await page.getByLabel("Title", { exact: true }).fill(`Under the policy ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type("Opening post.");
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(/\/g\/agora-lounge\/t\/\d+\//);
  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await firstPost.getByRole("textbox", { name: /Your reply/ }).click();
  const toolbar = page.getByRole("toolbar", { name: "Formatting" }).first();
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(`Written under the CSP ${suffix}`);
  await firstPost.getByRole("button", { name: "Post reply" }).click();
  await expect(
    page
      .locator(".replies [data-testid=post]")
      .filter({ hasText: `Written under the CSP ${suffix}` })
      .locator("strong"),
  ).toBeVisible();
  expect(violations).toEqual([]);
});
