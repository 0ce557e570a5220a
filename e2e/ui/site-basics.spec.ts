import { expect, test, type Page } from "@playwright/test";

// The demo forum as search engines and link previews see it (canonical and Open Graph tags),
// and as a first run without network sees it: every picture, script, style and font of the
// seeded pages comes from the app itself (prisma/demo-images, uploaded by the seed).

const WELCOME_THREAD = "Welcome to Agora: read this first";
const RESOURCE_TYPES = new Set(["image", "script", "stylesheet", "font", "media"]);

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");

test("a group page carries its canonical address and Open Graph tags, its logo as the image", async ({ page, baseURL, request }) => {
  await page.goto("/g/ethereum-dev");
  const canonical = `${baseURL}/g/ethereum-dev`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
  expect(await meta(page, "og:type")).toBe("website");
  expect(await meta(page, "og:title")).toBe("Ethereum Developers");
  expect(await meta(page, "og:description")).toBe("Smart contracts, tooling, audits and the EVM, from first contract to mainnet.");
  expect(await meta(page, "og:url")).toBe(canonical);
  const image = await meta(page, "og:image");
  expect(image).toMatch(new RegExp(`^${baseURL}/uploads/\\d+/[0-9a-f]{64}\\.png$`));
  const answer = await request.get(image!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/png");

  await page.getByTestId("thread-row").getByRole("link", { name: "Gas optimisation tricks that still work" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gas optimisation tricks that still work" })).toBeVisible();
  const threadCanonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(threadCanonical).toBe(page.url());
  expect(await meta(page, "og:url")).toBe(threadCanonical);
  expect(await meta(page, "og:type")).toBe("article");
});

test.describe("the demo forum with the network unreachable", () => {
  test("home, group and thread pages load every resource from the app", async ({ page, baseURL }) => {
    const appHost = new URL(baseURL!).host;
    const elsewhere: string[] = [];
    const failed: string[] = [];
    await page.route("**/*", (route) => {
      const target = new URL(route.request().url());
      if (target.host === appHost || target.protocol === "data:" || target.protocol === "blob:") return route.continue();
      elsewhere.push(target.href);
      return route.abort("internetdisconnected");
    });
    page.on("requestfailed", (request) => {
      if (RESOURCE_TYPES.has(request.resourceType())) failed.push(`${request.resourceType()} ${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on("response", (response) => {
      if (RESOURCE_TYPES.has(response.request().resourceType()) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });

    /** Scrolls through the page (lazy images start loading) and waits until every image has loaded. */
    async function loadEveryImage(): Promise<number> {
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      });
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      return page.evaluate(() => [...document.images].filter((image) => image.naturalWidth > 0).length);
    }

    // Earlier specs add groups of their own, so the seeded ones may be on a later page: every card's
    // logo or initials on the first page must load, whoever made it.
    await page.goto("/");
    await expect(page.getByTestId("group-card").first()).toBeVisible();
    await loadEveryImage();

    await page.goto("/g/agora-lounge");
    await expect(page.getByRole("heading", { level: 1, name: "Agora Lounge" })).toBeVisible();
    const cover = await page.locator(".group-header__cover").evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(cover).toMatch(/url\("http:\/\/[^"]+\/uploads\/\d+\/[0-9a-f]{64}\.jpg"\)/);
    // The seeded group's logo.
    expect(await loadEveryImage()).toBeGreaterThanOrEqual(1);

    await page.getByTestId("thread-row").getByRole("link", { name: WELCOME_THREAD }).click();
    await expect(page.getByRole("heading", { level: 1, name: WELCOME_THREAD })).toBeVisible();
    await loadEveryImage();
    // The opening post's picture, uploaded by the seed and shown from /uploads.
    const picture = page.locator(".post--first .post__body img[src^='/uploads/']").first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);

    expect(failed).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
