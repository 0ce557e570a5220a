import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Contract section 20's group features on the settings page: a switch saves at once and the
// group's pages follow (tags leave the composer, uploads leave the editor), and back again.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-group-features";

test("the owner switches tags and uploads off and on; the composer and the thread's Share button follow", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "features" });
  await world.api.call("POST", `/api/v2/groups/${world.group.id}/tags`, { token: world.me.token, data: { name: "Ideas" } });

  await page.goto(`/g/${world.group.name}/new`);
  await expect(page.getByRole("group", { name: "Tags" })).toBeVisible();
  await expect(page.getByText("Upload an image")).toBeVisible();
  await page.goto(world.thread.path);
  await expect(page.getByRole("button", { name: "Share" })).toBeVisible();

  await page.goto(`/g/${world.group.name}/settings`);
  const features = page.getByRole("region", { name: "Features" });
  await expect(features.getByRole("switch", { name: /Tags/ })).toBeChecked();
  await features.getByRole("switch", { name: /Tags/ }).uncheck();
  await expect(features.getByText("Saved.")).toBeVisible();
  await features.getByRole("switch", { name: /Uploads/ }).uncheck();
  await expect(features.getByRole("switch", { name: /Uploads/ })).not.toBeChecked();
  await features.getByRole("switch", { name: /Sharing/ }).uncheck();
  await expect(features.getByRole("switch", { name: /Sharing/ })).not.toBeChecked();
  // A switch shows its new state at once; the switches are enabled again once the save is done.
  await expect(features.getByRole("switch", { name: /Sharing/ })).toBeEnabled();
  await expect(page.getByText("Tags are switched off under Features")).toBeVisible();
  await shootBothWidths(page, SHOTS, "features-off");

  const info = await world.api.call<{ group: { feature: { feature_name: string; status: number }[] } }>("GET", `/api/v2/groups/${world.group.id}`);
  expect(info.group.feature.filter((feature) => feature.status === 0).map((feature) => feature.feature_name)).toEqual(
    expect.arrayContaining(["topic_organization", "attached_files"]),
  );

  await page.goto(world.thread.path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await page.goto(`/g/${world.group.name}/new`);
  await expect(page.getByRole("textbox", { name: "Title" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Tags" })).toHaveCount(0);
  await expect(page.getByText("Upload an image")).toHaveCount(0);

  await page.goto(`/g/${world.group.name}/settings`);
  await features.getByRole("switch", { name: /Tags/ }).check();
  await expect(features.getByRole("switch", { name: /Tags/ })).toBeChecked();
  await expect(features.getByText("Saved.")).toBeVisible();
  await page.goto(`/g/${world.group.name}/new`);
  await expect(page.getByRole("group", { name: "Tags" })).toBeVisible();
});
