import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { createApiClient } from "../helpers/api-users";
import { postAs, setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Ignoring people in the browser (contract section 17): Ignore on a profile, the ignored person's
// posts folded with Show on a thread page, the list in settings with Unignore.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-ignoring";

test("ignore from a profile: their posts fold with Show; settings lists them; Unignore unfolds", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "ignore" });
  await postAs(world, world.other, `Words by the other person ${suffix}`);

  // My own profile offers no Ignore.
  await page.goto(`/u/${world.me.id}`);
  await expect(page.getByRole("heading", { level: 1, name: world.me.username })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ignore" })).toHaveCount(0);

  await page.goto(`/u/${world.other.id}`);
  await page.getByRole("button", { name: "Ignore" }).click();
  const unignore = page.getByRole("button", { name: "Unignore" });
  await expect(unignore).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("You ignore this person")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Unignore" })).toBeVisible();
  await shootBothWidths(page, SHOTS, "profile-ignored");

  // The thread page (the kept page plus my state): their post folded, mine not.
  await page.goto(world.thread.path);
  const fold = page.getByTestId("ignored-fold");
  await expect(fold).toHaveCount(1);
  await expect(fold).toContainText("A post by someone you ignore");
  // Nothing of their words shows (a streamed page may hold a hidden copy for a moment).
  await expect(page.getByText(`Words by the other person ${suffix}`).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByText("The opening post, by me.").filter({ visible: true })).toBeVisible();
  await shootBothWidths(page, SHOTS, "thread-folded");
  await fold.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("article", { name: `Post by ${world.other.username}` }).getByText(`Words by the other person ${suffix}`)).toBeVisible();
  await expect(page.getByTestId("ignored-fold")).toHaveCount(0);

  // Settings list them; Unignore takes them off and their posts show again.
  await page.goto("/settings");
  const list = page.getByTestId("ignored-list");
  await expect(list.getByRole("link", { name: world.other.username })).toBeVisible();
  await shootBothWidths(page, SHOTS, "settings-ignored");
  await list.getByRole("button", { name: "Unignore" }).click();
  await expect(page.getByTestId("ignored-empty")).toBeVisible();
  await page.goto(world.thread.path);
  await expect(page.getByRole("article", { name: `Post by ${world.other.username}` }).getByText(`Words by the other person ${suffix}`)).toBeVisible();
  await expect(page.getByTestId("ignored-fold")).toHaveCount(0);
});

test("signed out, a profile offers no Ignore", async ({ page, request, baseURL }) => {
  const api = await createApiClient(request, baseURL!, `e2e ignore guest ${suffix}`);
  const someone = await api.registerUser(`someone_${suffix}`);
  await page.goto(`/u/${someone.id}`);
  await expect(page.getByRole("heading", { level: 1, name: someone.username })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ignore" })).toHaveCount(0);
});
