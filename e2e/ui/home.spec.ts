import { expect, test } from "@playwright/test";

test("the home page lists the seeded communities", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cards = page.getByTestId("group-card");
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Ethereum Developers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Permaweb Builders" })).toBeVisible();
});
