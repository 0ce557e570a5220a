import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Archives in the browser (contract section 19): the group's admin turns archiving on from the
// settings page after reading its warning, writes a reply, and once the archive job posted it to the
// local gateway (arlocal, started by scripts/e2e-server.mjs) the post links its archive.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-archives";

test("an admin turns archiving on after its warning; a new post links its archive once the job ran", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "archive" });

  await page.goto(`/g/${world.group.name}/settings`);
  const section = page.getByRole("region", { name: "Archive on Arweave" });
  await expect(section).toContainText("Archiving is off");
  await section.getByRole("button", { name: "Turn archiving on…" }).click();
  const confirm = section.getByRole("alertdialog", { name: "Archive every new post?" });
  await expect(confirm).toContainText("cannot be erased from the archive");
  await shootBothWidths(page, SHOTS, "archive-confirm");
  await confirm.getByRole("button", { name: "Yes, archive every new post" }).click();
  await expect(section.getByRole("status")).toHaveText("Archiving is on.");
  await expect(section.getByRole("button", { name: "Turn archiving off" })).toBeVisible();
  // While on, the group cannot become private.
  await page.getByLabel("Who may read").selectOption({ label: "Private: members read; everyone sees the card" });
  await page.getByRole("button", { name: "Save membership settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be archived" })).toBeVisible();

  await page.goto(world.thread.path);
  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await firstPost.getByRole("textbox", { name: /Your reply/ }).click();
  await page.keyboard.type(`For the permanent record ${suffix}`);
  await firstPost.getByRole("button", { name: "Post reply" }).click();
  const reply = page.locator(".replies [data-testid=post]").filter({ hasText: `For the permanent record ${suffix}` });
  await expect(reply).toBeVisible();

  // The archive job runs after the write: reload until the post links its archive.
  await expect(async () => {
    await page.reload();
    await expect(
      page
        .locator(".replies [data-testid=post]")
        .filter({ hasText: `For the permanent record ${suffix}` })
        .getByRole("link", { name: "Archived" }),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  const link = page
    .locator(".replies [data-testid=post]")
    .filter({ hasText: `For the permanent record ${suffix}` })
    .getByRole("link", { name: "Archived" });
  await expect(link).toHaveAttribute("title", /cid baf/);
  const href = (await link.getAttribute("href"))!;
  const archived = await request.get(href);
  expect(archived.ok()).toBe(true);
  expect(await archived.text()).toContain(`For the permanent record ${suffix}`);
  await shootBothWidths(page, SHOTS, "archived-post");
});

test("a private group's settings explain why it cannot be archived", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix: `${suffix}p`, label: "private" });
  await world.api.call("POST", `/api/v2/groups/${world.group.id}/settings`, { token: world.me.token, data: { visibility: 1 } });
  await page.goto(`/g/${world.group.name}/settings`);
  const section = page.getByRole("region", { name: "Archive on Arweave" });
  await expect(section.getByTestId("archive-refusal")).toContainText("A private group cannot be archived");
  await expect(section.getByRole("button", { name: "Turn archiving on…" })).toHaveCount(0);
  await shootBothWidths(page, SHOTS, "archive-refused");
});
