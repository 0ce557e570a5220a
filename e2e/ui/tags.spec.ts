import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { createApiClient, textDelta } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 18, "Tags": the admins' tag manager, the composer's tag picker (new thread and
// thread edit), the chips on thread rows and the thread page, and the group page's tag filter.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-tags";

const rowsOf = (page: Page) => page.getByRole("list", { name: "Existing tags" }).getByTestId("tag-row");
const namesOf = (page: Page) => rowsOf(page).locator(".category-row__name");

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function savedTags(baseURL: string, groupId: number) {
  return withDatabase(baseURL, async (db) =>
    (
      await db.query<{ name: string; color: string; restricted: number }>(`SELECT name, color, restricted FROM tags WHERE group_id = $1 ORDER BY "order", id`, [
        groupId,
      ])
    ).rows.map((row) => `${row.name}${row.color ? ` ${row.color}` : ""}${row.restricted ? " (restricted)" : ""}`),
  );
}

test("an admin keeps the tags; a writer tags a thread, edits its tags, and readers filter by them", async ({ page, request, baseURL, wallet }) => {
  // One story through four pages, with axe runs and screenshots at two widths: longer than the default minute.
  test.setTimeout(180_000);
  const username = `tagger_${suffix}`;
  await signInWithWallet(page, { username });
  const api = await createApiClient(request, baseURL!, `e2e tags ${suffix}`);
  const owner = await api.registerUser(username, wallet);
  const name = `tagged-${suffix}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title: `Tagged ${suffix}`, description: "Labelled threads.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL!, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const untagged = `Untagged thread ${suffix}`;
  await api.call("POST", `/api/v2/groups/${groupId}/threads/create`, { token: owner.token, data: { title: untagged, content: textDelta("No tags here.") } });

  // The tag manager: three tags, one with a color, one for moderators only.
  await page.goto(`/g/${name}/settings`);
  const form = page.getByRole("form", { name: "Add a tag" });
  for (const tag of ["Bug", "Feature request", "Official"]) {
    await form.getByLabel("Name").fill(tag);
    if (tag === "Bug") await form.getByLabel("Give it a color").check();
    if (tag === "Official") await form.getByLabel("Only moderators may put it on threads").check();
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(form.getByText(`Tag “${tag}” added.`)).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");
  }
  await expect(namesOf(page)).toHaveText([/^Bug/, /^Feature request/, /^Official/]);
  // A name the group has, in another case: refused, in words.
  await form.getByLabel("Name").fill("bug");
  await form.getByRole("button", { name: "Add tag" }).click();
  await expect(form.getByText("Name: a tag of this group already has this name")).toBeVisible();
  await form.getByLabel("Name").fill("");

  // Reorder from the keyboard: Official to the top.
  await page.getByRole("button", { name: "Move Official" }).focus();
  for (const key of ["Space", "ArrowUp", "ArrowUp", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect(namesOf(page)).toHaveText([/^Official/, /^Bug/, /^Feature request/]);
  await expect(page.getByText("Order saved.")).toBeVisible();
  await expect.poll(() => savedTags(baseURL!, groupId)).toEqual(["Official (restricted)", "Bug #4f46e5", "Feature request"]);

  // Edit: rename Feature request.
  await page.getByRole("button", { name: "Edit Feature request" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Feature request" });
  await edit.getByLabel("Name").fill("Idea");
  await edit.getByLabel("Description", { exact: false }).fill("Something to build");
  await edit.getByRole("button", { name: "Save tag" }).click();
  await expect(edit).toBeHidden();
  await expect(namesOf(page)).toHaveText([/^Official/, /^Bug/, /^Idea/]);
  await expect(page).toHaveTitle(/Community settings/);
  await expectNoSeriousViolations(page, "the tag manager");
  await shoot(page, "tag-manager");

  // The composer: pick Bug and Idea (the owner may add Official too; leave it).
  await page.goto(`/g/${name}/new`);
  const title = `Crash on save ${suffix}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  const picker = page.getByRole("group", { name: "Tags" });
  await picker.getByLabel("Bug").check();
  await picker.getByLabel("Idea").check();
  await expect(picker.getByText("2 of 5 tags chosen.")).toBeVisible();
  await page.getByRole("textbox", { name: /^Post/ }).click();
  await page.keyboard.type("It crashes when I save.");
  await expectNoSeriousViolations(page, "the composer with its tag picker");
  await shoot(page, "composer-tags");
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${name}/t/\\d+/`));
  const chips = page.locator(".thread-header").getByTestId("tag-chips");
  await expect(chips.getByRole("link")).toHaveText(["Tag: Bug", "Tag: Idea"]);
  await expectNoSeriousViolations(page, "a tagged thread");
  await shoot(page, "thread-tags");

  // Thread edit: drop Idea, add Official.
  await page.getByRole("button", { name: "Thread tools" }).click();
  await page.getByRole("button", { name: "Edit title, category or tags" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit the thread" });
  await dialog.getByLabel("Idea").uncheck();
  await dialog.getByLabel("Official").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(chips.getByRole("link")).toHaveText(["Tag: Official", "Tag: Bug"]);

  // The group page: rows carry chips; a chip filters the list.
  await page.goto(`/g/${name}`);
  const filter = page.getByRole("navigation", { name: "Filter threads by tag" });
  await expect(filter.getByRole("link", { name: "All threads" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("thread-row")).toHaveCount(2);
  await page.getByTestId("thread-row").filter({ hasText: title }).getByRole("link", { name: "Tag: Bug" }).click();
  await expect(page).toHaveURL(/\?tag=\d+$/);
  await expect(page.getByRole("heading", { name: "Threads tagged “Bug”" })).toBeVisible();
  await expect(filter.getByRole("link", { name: /^Bug/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("thread-row")).toHaveCount(1);
  await expect(page.getByTestId("thread-row")).toContainText(title);
  await expectNoSeriousViolations(page, "the group page filtered by a tag");
  await shoot(page, "group-tag-filter");
  await filter.getByRole("link", { name: /^Idea/ }).click();
  await expect(page.getByText("No threads with this tag yet")).toBeVisible();
  await filter.getByRole("link", { name: "All threads" }).click();
  await expect(page.getByTestId("thread-row")).toHaveCount(2);

  // Deleting a tag takes it off its threads.
  await page.goto(`/g/${name}/settings`);
  await page.getByRole("button", { name: "Delete Bug" }).click();
  const remove = page.getByRole("dialog", { name: "Delete Bug?" });
  await expect(remove).toContainText("It leaves the 1 thread carrying it");
  await remove.getByRole("button", { name: "Delete tag" }).click();
  await expect(page.getByText("Deleted “Bug”.")).toBeVisible();
  await expect(namesOf(page)).toHaveText([/^Official/, /^Idea/]);

  // Each change is in the public modlog.
  await page.goto(`/g/${name}/modlog`);
  await expect(page.getByText(/Deleted the tag/)).toBeVisible();
  await expect(page.getByText(/Reordered the tags/)).toBeVisible();
  await expect(page.getByText(/Created the tag/).first()).toBeVisible();
});
