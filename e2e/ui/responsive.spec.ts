import { expect, test, type Page } from "@playwright/test";

const THREAD_TITLE = "Gas optimisation tricks that still work";

async function openSeededThread(page: Page): Promise<void> {
  await page.goto("/g/ethereum-dev");
  await page.getByTestId("thread-row").getByRole("link", { name: THREAD_TITLE }).click();
  await expect(page.getByRole("heading", { level: 1, name: THREAD_TITLE })).toBeVisible();
}

function readScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The page background's relative luminance (0 black … 1 white). */
function readBackgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((value) => Number(value) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the thread page fits without sideways scrolling", async ({ page }) => {
    await openSeededThread(page);
    await expect(page.locator(".replies .post-tree--nested [data-testid=post]")).toHaveCount(1);
    expect(await readScrollWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "test-results/thread-360.png", fullPage: true });
  });

  test("the group page fits and its categories fold into a disclosure", async ({ page }) => {
    await page.goto("/g/ethereum-dev");
    expect(await readScrollWidth(page)).toBeLessThanOrEqual(360);
    const categories = page.getByRole("navigation", { name: "Categories" });
    const security = categories.getByRole("link", { name: "Security" });
    await expect(security).toBeHidden();
    await categories.getByText("Categories", { exact: true }).first().click();
    await expect(security).toBeVisible();
    await page.screenshot({ path: "test-results/group-360.png", fullPage: true });
  });

  test("the home and profile pages fit", async ({ page }) => {
    await page.goto("/");
    expect(await readScrollWidth(page)).toBeLessThanOrEqual(360);
    // Other specs' groups may have pushed the seeded ones to a later page of the directory.
    await page.goto("/g/ethereum-dev");
    await page.locator(".thread-row__meta a[href^='/u/']").first().click();
    await expect(page).toHaveURL(/\/u\/\d+$/);
    expect(await readScrollWidth(page)).toBeLessThanOrEqual(360);
  });
});

test.describe("themes", () => {
  test("the dark system theme renders dark", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await openSeededThread(page);
    expect(await readBackgroundLuminance(page)).toBeLessThan(0.05);
    const textColor = await page
      .locator(".post__body")
      .first()
      .evaluate((element) => getComputedStyle(element).color);
    expect(textColor).not.toBe("rgb(22, 24, 29)");
    await page.screenshot({ path: "test-results/thread-360-dark.png", fullPage: true });
    await context.close();
  });

  test("the toggle switches the theme and the server remembers it", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto("/");
    expect(await readBackgroundLuminance(page)).toBeGreaterThan(0.8);
    await page.getByRole("button", { name: "Toggle dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await readBackgroundLuminance(page)).toBeLessThan(0.05);

    // The next response is rendered dark by the server: no flash of the light theme.
    const response = await page.request.get("/");
    expect(await response.text()).toMatch(/<html[^>]*data-theme="dark"/);
    await page.reload();
    expect(await readBackgroundLuminance(page)).toBeLessThan(0.05);

    await page.getByRole("button", { name: "Toggle dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await context.close();
  });
});
