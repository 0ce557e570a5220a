import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { createApiClient, textDelta } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 17, "Categories kept in order": the group settings' category manager.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-category-manager";

const rowsOf = (page: Page) => page.getByRole("list", { name: "Existing categories" }).getByTestId("category-row");
const namesOf = (page: Page) => rowsOf(page).locator(".category-row__name");

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function savedOrder(baseURL: string, groupId: number): Promise<string[]> {
  return withDatabase(baseURL, async (db) =>
    (await db.query<{ name: string }>(`SELECT name FROM categories WHERE group_id = $1 ORDER BY "order", id`, [groupId])).rows.map((row) => row.name),
  );
}

test("rename, reorder by keyboard and by drag, delete with a move", async ({ page, request, baseURL, wallet }) => {
  const username = `curator_${suffix}`;
  await signInWithWallet(page, { username });
  const api = await createApiClient(request, baseURL!, `e2e categories ${suffix}`);
  const owner = await api.registerUser(username, wallet);
  const name = `shelves-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title: `Shelves ${suffix}`, description: "Sorted.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL!, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const ids: Record<string, number> = {};
  for (const category of ["News", "Help", "Misc"]) {
    ids[category] = (
      await api.call<{ category: { id: number } }>("POST", `/api/v2/groups/${groupId}/categories/create`, { token: owner.token, data: { name: category } })
    ).category.id;
  }
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: owner.token,
    data: { title: `Filed under misc ${suffix}`, content: textDelta("Where do I go?"), category_id: ids.Misc! },
  });

  await page.goto(`/g/${name}/settings`);
  await expect(namesOf(page)).toHaveText(["News", "Help", "Misc"]);

  // Rename (and keep it at the top level).
  await rowsOf(page).filter({ hasText: "Help" }).getByRole("button", { name: "Edit Help" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Help" });
  await edit.getByLabel("Name").fill("Questions");
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(edit).toBeHidden();
  await expect(namesOf(page)).toHaveText(["News", "Questions", "Misc"]);

  // Keyboard: focus Misc's handle, Space, Up twice, Space.
  await page.getByRole("button", { name: "Move Misc" }).focus();
  // Each step waits for the row to settle: the next arrow measures from where it landed.
  for (const key of ["Space", "ArrowUp", "ArrowUp", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect(namesOf(page)).toHaveText(["Misc", "News", "Questions"]);
  await expect(page.getByText("Order saved.")).toBeVisible();
  await expect.poll(() => savedOrder(baseURL!, groupId)).toEqual(["Misc", "News", "Questions"]);

  // Drag: News's handle below Questions.
  const handle = page.getByRole("button", { name: "Move News" });
  const target = rowsOf(page).filter({ hasText: "Questions" });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 12 });
  await page.mouse.up();
  await expect(namesOf(page)).toHaveText(["Misc", "Questions", "News"]);
  await expect.poll(() => savedOrder(baseURL!, groupId)).toEqual(["Misc", "Questions", "News"]);
  // The save refreshes the page, whose metadata (the title axe reads) streams in again.
  await expect(page).toHaveTitle(/Community settings/);
  await expectNoSeriousViolations(page, "the category manager");
  await shoot(page, "category-manager");

  // Delete Misc, moving its thread into News.
  await page.getByRole("button", { name: "Delete Misc" }).click();
  const remove = page.getByRole("dialog", { name: "Delete Misc?" });
  await remove.getByLabel(/Move its threads to/).selectOption({ label: "News" });
  await shoot(page, "category-delete-dialog");
  await remove.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByText("Deleted “Misc”; 1 thread moved.")).toBeVisible();
  await expect(namesOf(page)).toHaveText(["Questions", "News"]);
  const moved = await withDatabase(
    baseURL!,
    async (db) => (await db.query<{ category_id: number }>("SELECT category_id FROM threads WHERE id = $1", [thread.id])).rows[0]!,
  );
  expect(moved.category_id).toBe(ids.News);

  // Each change is in the public modlog.
  await page.goto(`/g/${name}/modlog`);
  await expect(page.getByText(/Deleted the category/)).toBeVisible();
  await expect(page.getByText(/Reordered the categories/).first()).toBeVisible();
  await expect(page.getByText(/Edited the category/)).toBeVisible();
});
