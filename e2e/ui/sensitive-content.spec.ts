import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { postAs, setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Sensitive content in the browser (contract section 17): covered with "Sensitive content · Show"
// unless the reader's show_nsfw is 1; marked from the post menu; left out of link previews.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-sensitive";

test("sensitive posts are covered until Show, for guests and readers alike, unless show_nsfw is on", async ({ page, request, baseURL, wallet, browser }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "nsfw" });
  await postAs(world, world.other, `Spoiler words ${suffix}`, { nsfw: 1 });
  await postAs(world, world.other, `Plain words ${suffix}`);

  // A guest: the cover, then Show.
  const guest = await browser.newPage();
  await guest.goto(world.thread.path);
  const cover = guest.getByTestId("sensitive-cover");
  await expect(cover).toHaveCount(1);
  await expect(cover).toContainText("Sensitive content");
  await expect(guest.getByText(`Spoiler words ${suffix}`).filter({ visible: true })).toHaveCount(0);
  await expect(guest.getByText(`Plain words ${suffix}`)).toBeVisible();
  await shootBothWidths(guest, SHOTS, "thread-covered");
  await cover.getByRole("button", { name: "Show" }).click();
  await expect(guest.getByText(`Spoiler words ${suffix}`)).toBeVisible();

  // The author marks the opening post sensitive from its menu: covered for me (show_nsfw 0).
  await page.goto(world.thread.path);
  await expect(page.getByTestId("sensitive-cover")).toHaveCount(1);
  await page.locator(".post--first").getByRole("button", { name: "More actions for this post" }).click();
  await page.getByRole("menuitem", { name: "Mark as sensitive" }).click();
  await expect(page.getByTestId("sensitive-cover")).toHaveCount(2);
  await expect(page.getByText("The opening post, by me.").filter({ visible: true })).toHaveCount(0);

  // Link previews leave a sensitive opening post out.
  await guest.goto(world.thread.path);
  for (const tag of ['meta[property="og:description"]', 'meta[name="description"]', 'meta[name="twitter:description"]']) {
    for (const content of await guest.locator(tag).evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content") ?? ""))) {
      expect(content, tag).not.toContain("opening post");
    }
  }
  await expect(guest.locator('meta[property="og:description"]')).toHaveAttribute("content", /^A thread in /);
  await guest.close();

  // show_nsfw 1: nothing covered for me, on the kept page with my state and on a render for me.
  await world.api.call("POST", "/api/user/update_info", { token: world.me.token, data: { settings: { show_nsfw: 1 } } });
  await page.goto(world.thread.path);
  // A streamed page holds a hidden copy of a post for a moment: the visible one is read.
  await expect(page.getByText(`Spoiler words ${suffix}`).filter({ visible: true })).toBeVisible();
  await expect(page.getByText("The opening post, by me.").filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId("sensitive-cover")).toHaveCount(0);
  await shootBothWidths(page, SHOTS, "thread-uncovered");

  // Unmark from the menu.
  await page.locator(".post--first").getByRole("button", { name: "More actions for this post" }).click();
  await page.getByRole("menuitem", { name: "Remove sensitive mark" }).click();
  await world.api.call("POST", "/api/user/update_info", { token: world.me.token, data: { settings: { show_nsfw: 0 } } });
  await page.goto(world.thread.path);
  await expect(page.getByTestId("sensitive-cover")).toHaveCount(1);
  await expect(page.getByText("The opening post, by me.").filter({ visible: true })).toBeVisible();
});

test("a new thread marked sensitive opens covered", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix: `${suffix}b`, label: "nsfwnew" });
  await page.goto(`/g/${world.group.name}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Careful ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type(`Behind the cover ${suffix}`);
  await page.getByRole("checkbox", { name: /Sensitive content/ }).check();
  await shootBothWidths(page, SHOTS, "new-thread-sensitive");
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Careful ${suffix}` })).toBeVisible();
  await expect(page.getByTestId("sensitive-cover")).toHaveCount(1);
  await expect(page.getByText(`Behind the cover ${suffix}`).filter({ visible: true })).toHaveCount(0);
  await page.getByTestId("sensitive-cover").getByRole("button", { name: "Show" }).click();
  await expect(page.getByText(`Behind the cover ${suffix}`)).toBeVisible();
});
