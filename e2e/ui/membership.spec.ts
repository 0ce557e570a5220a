import { randomBytes } from "node:crypto";
import { expect, installWallet, test } from "../fixtures/wallet";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// Contract section 14 in the browser: a reader asks to join a private group, its owner approves
// from the members page's queue (in a browser of their own), and the reader then reads its
// threads; a hidden group does not exist for a stranger.
const suffix = randomBytes(3).toString("hex");
let counter = 0;
const unique = (prefix: string) => `${prefix}_${suffix}_${++counter}`;

async function createGroup(api: ApiClient, baseURL: string, owner: ApiUser, settings: Record<string, number>) {
  const name = `mem-${suffix}-${++counter}`;
  const title = `Study group ${suffix} ${counter}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title, description: "Members only.", cover: "", logo: "" },
  });
  const id = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  const threadTitle = `Notes for week one ${suffix} ${counter}`;
  await api.call("POST", `/api/v2/groups/${id}/threads/create`, { token: owner.token, data: { title: threadTitle, content: textDelta("Chapter one.") } });
  await api.call("POST", `/api/v2/groups/${id}/settings`, { token: owner.token, data: settings });
  return { id, name, title, threadTitle };
}

test("request to join a private group, the owner approves from the queue, the member reads a thread; a hidden group is absent", async ({
  page,
  browser,
  request,
  baseURL,
  wallet,
}) => {
  const api = await createApiClient(request, baseURL!, `e2e membership ${suffix}`);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const ownerWallet = await installWallet(ownerPage);
  const ownerName = unique("owner");
  await signInWithWallet(ownerPage, { username: ownerName });
  const owner = await api.registerUser(ownerName, ownerWallet);
  const group = await createGroup(api, baseURL!, owner, { joining: 1, visibility: 1 });
  const hidden = await createGroup(api, baseURL!, owner, { joining: 2, visibility: 2 });

  const readerName = unique("reader");
  await signInWithWallet(page, { username: readerName });
  void wallet;
  await page.goto(`/g/${group.name}`);
  const panel = page.getByRole("region", { name: "Request to join this group" });
  await expect(panel).toBeVisible();
  await expect(page.getByText("Private", { exact: true })).toBeVisible();
  await expect(page.getByText(group.threadTitle)).toHaveCount(0);
  await panel.getByRole("button", { name: "Request to join" }).click();
  await panel.getByLabel("A message for the moderators (optional)").fill("I take the course");
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByText("Pending approval")).toBeVisible();
  await page.screenshot({ path: "test-results/membership-pending.png", fullPage: true });

  await ownerPage.goto(`/g/${group.name}`);
  await ownerPage.getByRole("link", { name: /^Members/ }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/g/${group.name}/members$`));
  const requestRow = ownerPage.getByTestId("join-request");
  await expect(requestRow).toHaveCount(1);
  await expect(requestRow).toContainText(readerName);
  await expect(requestRow).toContainText("I take the course");
  await ownerPage.screenshot({ path: "test-results/membership-queue.png", fullPage: true });
  await requestRow.getByRole("button", { name: /^Approve/ }).click();
  await expect(ownerPage.getByTestId("join-request")).toHaveCount(0);
  await expect(ownerPage.getByRole("link", { name: readerName })).toBeVisible();

  await page.reload();
  await page.getByRole("link", { name: group.threadTitle }).click();
  await expect(page.getByRole("heading", { level: 1, name: group.threadTitle })).toBeVisible();
  await expect(page.getByText("Chapter one.")).toBeVisible();
  await page.goto(`/g/${group.name}`);
  await expect(page.getByRole("button", { name: "Leave" })).toBeVisible();

  // The hidden group: a 404 for the stranger, and not on the home page.
  await page.goto(`/g/${hidden.name}`);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.goto("/");
  await expect(page.getByText(hidden.title)).toHaveCount(0);
  await ownerContext.close();
});

test("the owner switches the group's membership and attachment settings from its settings page", async ({ page, request, baseURL }) => {
  const api = await createApiClient(request, baseURL!, `e2e settings ${suffix}`);
  const ownerWallet = await installWallet(page);
  const ownerName = unique("admin");
  await signInWithWallet(page, { username: ownerName });
  const owner = await api.registerUser(ownerName, ownerWallet);
  const group = await createGroup(api, baseURL!, owner, { joining: 0, visibility: 0 });
  await page.goto(`/g/${group.name}/settings`);
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Membership and privacy" }) });
  await form.getByLabel("Who may join").selectOption({ label: "By request: a moderator approves" });
  await form.getByLabel("Read-only for non-members (they must join to write)").check();
  await form.getByLabel("Every member may upload (else moderators only)").uncheck();
  await form.getByLabel("Files other than images").check();
  await form.getByRole("button", { name: "Save membership settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  const stored = await withDatabase(
    baseURL!,
    async (db) =>
      (
        await db.query<{ joining: number; open_readonly: string; attached_files: unknown }>(
          "SELECT joining, open_readonly, attached_files FROM groups WHERE id = $1",
          [group.id],
        )
      ).rows[0],
  );
  expect(stored).toEqual({ joining: 1, open_readonly: "1", attached_files: { allow_everyone: 0, allow_post: 1, allow_all_file_type: "1" } });
  // The page shows what is stored.
  await page.reload();
  await expect(form.getByLabel("Files other than images")).toBeChecked();
  await expect(form.getByLabel("Every member may upload (else moderators only)")).not.toBeChecked();
  await expect(form.getByLabel("Read-only for non-members (they must join to write)")).toBeChecked();
});
