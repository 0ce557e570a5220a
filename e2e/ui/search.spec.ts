import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";

// Search from the header box to the post in its thread, in real Chromium against the real server.
const suffix = randomBytes(3).toString("hex");
// A made-up word (consonants only, so the stemmer keeps it whole) no seeded post contains.
const NEEDLE = `zqx${Array.from(randomBytes(6), (byte) => "bcdfghjklmnpqrstvwz"[byte % 19]).join("")}`;

test("type in the header box, see highlighted results, open one and land on the post", async ({ page, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  await signInWithWallet(page, { username: `seeker_${suffix}` });
  await page.goto("/g/agora-lounge/new");
  await page.getByLabel("Title", { exact: true }).fill(`Search target ${suffix}`);
  const editor = page.getByRole("textbox", { name: "Post" });
  await editor.click();
  // "/" typed in the editor stays in the editor: the shortcut leaves fields alone.
  await page.keyboard.type(`An opening post about ${NEEDLE} and <b>markup</b> / slashes`);
  await expect(editor).toContainText(`${NEEDLE} and <b>markup</b> / slashes`);
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(/\/g\/agora-lounge\/t\/\d+\//);
  const threadPath = new URL(page.url()).pathname;

  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Search Agora" });
  // The shortcut listens once the page has hydrated; until then a "/" lands nowhere.
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(box).toBeFocused({ timeout: 500 });
  }).toPass();
  await box.fill(NEEDLE);
  await box.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/search\\?q=${NEEDLE}`));
  const result = page.getByTestId("search-result");
  await expect(result).toHaveCount(1);
  await expect(result.locator("mark")).toHaveText(NEEDLE);
  // The snippet's markup is text: only the match is an element.
  await expect(result.locator(".search-hit__snippet")).toContainText("<b>markup</b>");
  await expect(result.locator(".search-hit__snippet b")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "1 matching post" })).toBeVisible();
  await page.screenshot({ path: "test-results/search-results.png", fullPage: true });

  await page.getByRole("link", { name: "Threads" }).click();
  await expect(page).toHaveURL(/type=threads/);
  await expect(result).toHaveCount(1);
  await expect(result.getByRole("link", { name: `Search target ${suffix}` })).toBeVisible();

  await result.getByRole("link", { name: `Search target ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`${threadPath}#post-\\d+$`));
  const postId = /#post-(\d+)$/.exec(page.url())![1];
  await expect(page.locator(`#post-${postId}`)).toContainText(NEEDLE);
});

test("a group's header box searches that group, and the results page can widen it", async ({ page }) => {
  await page.goto("/g/agora-lounge");
  const box = page.getByRole("searchbox", { name: "Search this group" });
  await box.fill(`${NEEDLE}zz`);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?.*g=agora-lounge/);
  await expect(page.getByRole("link", { name: "Everywhere" })).toBeVisible();
  await expect(page.getByText(`Nothing found for “${NEEDLE}zz”`)).toBeVisible();
  await page.getByRole("link", { name: "Everywhere" }).click();
  await expect(page).toHaveURL(/scope=all/);
  await expect(page.getByRole("link", { name: "Everywhere" })).toHaveAttribute("aria-current", "true");
  // The header box, the form and the filters fit a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
