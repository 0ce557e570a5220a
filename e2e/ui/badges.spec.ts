import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { createApiClient, textDelta } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 19, "Badges and titles": an admin creates a badge on the group's badge page,
// grants it (moderators grant manual badges), the holder picks it as their title, and it shows
// beside their name on their posts and on their profile.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-badges";

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an admin creates and grants a badge; the holder chooses it as a title and it shows beside their name", async ({ page, request, baseURL, wallet }) => {
  test.setTimeout(120_000);
  const username = `badger_${suffix}`;
  await signInWithWallet(page, { username });
  const api = await createApiClient(request, baseURL!, `e2e badges ${suffix}`);
  const owner = await api.registerUser(username, wallet);
  const name = `badged-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title: `Badged ${suffix}`, description: "Earn things.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL!, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number; slug: string } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: owner.token,
    data: { title: `Hello badges ${suffix}`, content: textDelta("A post to wear a badge on.") },
  });

  // The badge page from the group's header; an empty list and the form for admins.
  await page.goto(`/g/${name}`);
  await page.getByRole("link", { name: "Badges", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${name}/badges$`));
  await expect(page.getByText("No badges yet")).toBeVisible();
  const form = page.getByRole("form", { name: "New badge" });
  await form.getByLabel("Name").fill("Helper");
  await form.getByLabel("Description").fill("Answers questions");
  await form.getByLabel("Image URL").fill("https://example.com/helper.png");
  await form.getByLabel("Holders may show it as their title").check();
  await form.getByRole("button", { name: "Create badge" }).click();
  await expect(form.getByText("Created “Helper”.")).toBeVisible();
  const card = page.getByTestId("badge-card").filter({ hasText: "Helper" });
  await expect(card.getByTestId("grant-count")).toHaveText("0 holders");

  // A refused grant says why; then grant it to the owner themselves.
  const grant = card.getByRole("form", { name: "Grant Helper" });
  await grant.getByLabel("Grant to").fill(`nobody_${suffix}`);
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(grant.getByText(`No one is called nobody_${suffix}`)).toBeVisible();
  await grant.getByLabel("Grant to").fill(username);
  await grant.getByRole("button", { name: "Grant" }).click();
  await expect(grant.getByText(`Granted Helper to ${username}.`)).toBeVisible();
  await expect(card.getByTestId("grant-count")).toHaveText("1 holder");
  await expect(card.getByRole("list", { name: "Holders of Helper" })).toContainText(username);

  // The title picker: the owner shows "Owner" until they choose the badge.
  const picker = page.getByRole("form", { name: "Your title" });
  await picker.getByLabel("Shown beside your name in this group").selectOption({ label: "Helper" });
  await picker.getByRole("button", { name: "Save title" }).click();
  await expect(picker.getByText("Your title is saved.")).toBeVisible();
  await expectNoSeriousViolations(page, "the badge page");
  await shoot(page, "badge-page");

  // Beside the name on the thread page, and on the profile.
  await page.goto(`/g/${name}/t/${thread.id}/${thread.slug}`);
  const post = page.getByTestId("post").first();
  await expect(post.locator(".author-title")).toHaveText("Helper");
  await expect(post.getByRole("list", { name: `Badges of ${username}` }).getByRole("img", { name: "Helper" })).toBeVisible();
  await shoot(page, "thread-title");
  await page.goto(`/u/${owner.id}`);
  await expect(page.getByRole("heading", { name: "Badges", exact: true })).toBeVisible();
  await expect(page.locator(".profile-badges")).toContainText("Helper");

  // Revoke: the holder list empties and the title goes with the badge.
  await page.goto(`/g/${name}/badges`);
  await page.getByRole("button", { name: `Revoke Helper from ${username}` }).click();
  await expect(card.getByTestId("grant-count")).toHaveText("0 holders");
  await page.goto(`/g/${name}/t/${thread.id}/${thread.slug}`);
  await expect(page.getByTestId("post").first().locator(".author-title")).toHaveText("Owner");

  // The group's badges feature off (contract section 20): the page says so, and no title shows.
  await withDatabase(baseURL!, (db) =>
    db.query(
      "INSERT INTO group_features (group_id, feature_name, status) VALUES ($1, 'badges', 0) ON CONFLICT (group_id, feature_name) DO UPDATE SET status = 0",
      [groupId],
    ),
  );
  await page.goto(`/g/${name}/badges`);
  await expect(page.getByText("Badges are switched off here")).toBeVisible();
  await expect(page.getByRole("form", { name: "New badge" })).toHaveCount(0);
  await page.goto(`/g/${name}/t/${thread.id}/${thread.slug}`);
  await expect(page.getByTestId("post").first().locator(".author-title")).toHaveCount(0);
});
