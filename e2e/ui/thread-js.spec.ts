import type { Page, Response } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";

// What the thread page really downloads, measured in Chromium: first load, then what opening
// the editor adds (Quill is loaded lazily). scripts/report-first-load-js.mjs computes the same
// from the build manifests; this test keeps both honest and the editor out of the first load.

interface Tally {
  files: Set<string>;
  decodedBytes: number;
}

function recordScripts(page: Page): Tally {
  const tally: Tally = { files: new Set(), decodedBytes: 0 };
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js") || tally.files.has(url.pathname)) return;
    tally.files.add(url.pathname);
    void response.body().then(
      (body) => (tally.decodedBytes += body.length),
      () => undefined,
    );
  });
  return tally;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

test("the thread page loads the editor only when a composer opens", async ({ page, wallet }, testInfo) => {
  void wallet;
  const username = `reader_${Date.now() % 1_000_000}`;
  await page.goto("/signin");
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await page.getByRole("textbox", { name: "Username" }).fill(username);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page.locator(".user-menu-trigger")).toContainText(username);
  await page.goto("/g/ethereum-dev");
  const href = await page.getByTestId("thread-row").getByRole("link", { name: "Gas optimisation tricks that still work" }).getAttribute("href");

  // A fresh tab with an empty cache, so every chunk of the first load is counted.
  const fresh = await page.context().newPage();
  const firstLoad = recordScripts(fresh);
  await fresh.goto(href!, { waitUntil: "networkidle" });
  const firstLoadBytes = firstLoad.decodedBytes;
  const firstLoadFiles = new Set(firstLoad.files);

  await fresh.locator(".post--first").getByRole("button", { name: "Reply" }).click();
  await expect(fresh.locator(".ql-editor")).toBeVisible();
  await fresh.waitForLoadState("networkidle");
  const editorFiles = [...firstLoad.files].filter((file) => !firstLoadFiles.has(file));
  const editorBytes = firstLoad.decodedBytes - firstLoadBytes;

  const summary = `thread page first load: ${firstLoadFiles.size} scripts, ${kb(firstLoadBytes)}; editor adds ${editorFiles.length} scripts, ${kb(editorBytes)} (uncompressed)`;
  console.log(summary);
  testInfo.annotations.push({ type: "first-load-js", description: summary });
  expect(editorFiles.length).toBeGreaterThan(0);
  // Quill alone is well over 100 kB: it must not be part of the first load.
  expect(editorBytes).toBeGreaterThan(100 * 1024);
});
