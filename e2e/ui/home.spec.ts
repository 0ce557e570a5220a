import { expect, test } from "@playwright/test";

const SEEDED_GROUPS = ["Agora Lounge", "Ethereum Developers", "Permaweb Builders", "Design Systems"];

test("the home page lists the seeded communities", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Other specs add groups of their own (most recently active first), so the seeded ones may be on
  // later pages: walk the directory's pages until all four were seen.
  const seen = new Set<string>();
  for (let n = 1; n <= 20 && seen.size < SEEDED_GROUPS.length; n++) {
    if (n > 1) await page.goto(`/?page=${n}`);
    const titles = await page.getByTestId("group-card").getByRole("heading", { level: 2 }).allInnerTexts();
    if (titles.length === 0) break;
    for (const title of titles) if (SEEDED_GROUPS.includes(title.trim())) seen.add(title.trim());
  }
  expect([...seen].sort()).toEqual([...SEEDED_GROUPS].sort());
});
