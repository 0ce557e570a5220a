import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { expect, test } from "../fixtures/wallet";
import { createApiClient, textDelta, type ApiClient, type ApiUser } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

// The moderation page and the public modlog, driven by a group owner in the browser. The other
// people (an author, a reporter, someone to ban) and their posts and reports come through the
// API, the way a third-party client would make them.
const suffix = randomBytes(3).toString("hex");
let counter = 0;
const unique = (prefix: string) => `${prefix}_${suffix}_${++counter}`;

/** A group owned by `owner`, made over the API; its id is read back from the database. */
async function createGroup(api: ApiClient, baseURL: string, owner: ApiUser): Promise<{ id: number; name: string; title: string }> {
  const name = `mod-${suffix}-${++counter}`;
  const title = `Moderated ${suffix} ${counter}`;
  await api.call("POST", "/api/group/create", {
    token: owner.token,
    data: { uid: owner.id, signature: "unused", name, title, description: "Where moderation is tested.", cover: "", logo: "" },
  });
  const id = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [name])).rows[0]!.id);
  return { id, name, title };
}

/** Signs the browser's wallet in as a new user and gets an API token for the same person. */
async function signInOwner(page: Page, api: ApiClient, wallet: EvmTestWallet): Promise<ApiUser> {
  const username = unique("owner");
  await signInWithWallet(page, { username });
  return api.registerUser(username, wallet);
}

test("signed out, the moderation page asks to sign in; the modlog is public and linked from the group", async ({ page }) => {
  await page.goto("/g/agora-lounge/moderation");
  await expect(page).toHaveURL(/\/signin\?next=%2Fg%2Fagora-lounge%2Fmoderation$/);

  await page.goto("/g/agora-lounge");
  await expect(page.getByRole("link", { name: "Moderation", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Modlog" }).click();
  await expect(page).toHaveURL(/\/g\/agora-lounge\/modlog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Moderation log" })).toBeVisible();
});

test("a report appears with its post; Delete post resolves it and the thread shows the post removed", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e moderation ${suffix}`);
  const owner = await signInOwner(page, api, wallet);
  const group = await createGroup(api, baseURL!, owner);
  const author = await api.registerUser(unique("author"));
  const reporter = await api.registerUser(unique("reporter"));
  const threadTitle = `Welcome ${suffix}`;
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${group.id}/threads/create`, {
    token: owner.token,
    data: { title: threadTitle, content: textDelta("Say hello.") },
  });
  const spam = `Cheap tokens at spam.example ${suffix}`;
  const { post } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
    token: author.token,
    data: { content: textDelta(spam) },
  });
  await api.call("POST", `/api/v2/posts/${post.id}/report`, { token: reporter.token, data: { reason: "spam", note: "Advertising again" } });

  // The group's header leads its moderators here.
  await page.goto(`/g/${group.name}`);
  await page.getByRole("link", { name: "Moderation", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/g/${group.name}/moderation$`));
  await expect(page.getByRole("heading", { level: 1, name: `Moderate ${group.title}` })).toBeVisible();

  const report = page.getByTestId("report");
  await expect(report).toHaveCount(1);
  await expect(report.getByRole("link", { name: threadTitle })).toHaveAttribute("href", new RegExp(`/g/${group.name}/t/${thread.id}/[^#]+#post-${post.id}$`));
  await expect(report).toContainText(spam);
  await expect(report).toContainText(`Post by ${author.username}`);
  await expect(report).toContainText("Spam");
  await expect(report).toContainText("Advertising again");
  await expect(report).toContainText(`Reported by ${reporter.username}`);
  // "Ban author" fills in the ban form below.
  await report.getByRole("link", { name: "Ban author" }).click();
  await expect(page.getByRole("form", { name: "Ban a user" }).getByLabel("Username")).toHaveValue(author.username);

  await report.getByRole("button", { name: "Delete post" }).click();
  await expect(report).toHaveCount(0);
  await expect(page.getByText("No open reports")).toBeVisible();

  await page.getByRole("link", { name: "Resolved", exact: true }).click();
  await expect(page.getByTestId("report")).toHaveCount(1);
  await expect(page.getByTestId("report")).toContainText("Post deleted");
  await expect(page.getByTestId("report")).toContainText("Removed by a moderator.");

  await page.goto(`/g/${group.name}/t/${thread.id}`);
  const removed = page.locator(`#post-${post.id}`);
  await expect(removed).toContainText(/removed by a moderator/i);
});

test("ban a user from the moderation page; the public modlog says so without naming the moderator", async ({ page, browser, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e moderation ${suffix}`);
  const owner = await signInOwner(page, api, wallet);
  const group = await createGroup(api, baseURL!, owner);
  const troll = await api.registerUser(unique("Troll"));

  await page.goto(`/g/${group.name}/moderation`);
  await expect(page.getByText("No one is banned.")).toBeVisible();
  const form = page.getByRole("form", { name: "Ban a user" });
  // Usernames match whatever their case.
  await form.getByLabel("Username").fill(troll.username.toUpperCase());
  await form.getByLabel("Days").fill("3");
  await form.getByLabel(/^Reason/).fill("Flooding the board");
  await form.getByRole("button", { name: "Ban user" }).click();
  await expect(form.getByText(/is banned until .+ UTC\./)).toBeVisible();

  const ban = page.getByTestId("ban");
  await expect(ban).toHaveCount(1);
  await expect(ban).toContainText(troll.username);
  await expect(ban).toContainText("Flooding the board");
  const until = new Date(Date.now() + 3 * 86_400_000);
  await expect(ban.locator("time").first()).toHaveAttribute("datetime", new RegExp(`^${until.toISOString().slice(0, 10)}`));
  await expect(ban).toContainText(
    `Until ${until.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${until.getUTCDate()}, ${until.getUTCFullYear()}`,
  );

  // A moderator cannot ban themselves; the service's refusal is shown next to the form.
  await form.getByLabel("Username").fill(owner.username);
  await form.getByRole("button", { name: "Ban user" }).click();
  await expect(form.getByRole("alert")).toContainText("You cannot ban someone of your own role or higher");

  // The owner sees who acted; a signed-out visitor sees what was done only.
  await page.goto(`/g/${group.name}/modlog`);
  await expect(page.getByTestId("modlog-entry").first()).toContainText(`Banned ${troll.username}`);
  await expect(page.getByTestId("modlog-entry").first()).toContainText(`by ${owner.username}`);

  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/g/${group.name}/modlog`);
    const entry = visitorPage.getByTestId("modlog-entry").first();
    await expect(entry).toContainText(`Banned ${troll.username}`);
    await expect(entry).toContainText("Flooding the board");
    // The page streams in after its loading skeleton (both are <main> for a moment), so look at the log itself.
    await expect(visitorPage.locator("main.mod-page")).not.toContainText(owner.username);
  } finally {
    await visitor.close();
  }
});

test("lift a ban: the person leaves the list and the modlog records it", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e moderation ${suffix}`);
  const owner = await signInOwner(page, api, wallet);
  const group = await createGroup(api, baseURL!, owner);
  const banned = await api.registerUser(unique("banned"));
  await api.call("POST", `/api/v2/groups/${group.id}/bans`, { token: owner.token, data: { user_id: banned.id, reason: "Cooling off", days: 0 } });

  await page.goto(`/g/${group.name}/moderation#bans`);
  const ban = page.getByTestId("ban");
  await expect(ban).toHaveCount(1);
  await expect(ban).toContainText("Until lifted");
  await ban.getByRole("button", { name: `Lift the ban on ${banned.username}` }).click();
  await expect(page.getByTestId("ban")).toHaveCount(0);
  await expect(page.getByText("No one is banned.")).toBeVisible();

  await page.goto(`/g/${group.name}/modlog`);
  await expect(page.getByTestId("modlog-entry").first()).toContainText(`Lifted the ban on ${banned.username}`);

  // Both pages fit a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [`/g/${group.name}/moderation`, `/g/${group.name}/modlog`]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  }
});

test("the team: add a moderator by username, make them admin, then remove them", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e moderation ${suffix}`);
  const owner = await signInOwner(page, api, wallet);
  const group = await createGroup(api, baseURL!, owner);
  const helper = await api.registerUser(unique("helper"));

  await page.goto(`/g/${group.name}/moderation#team`);
  const team = page.getByRole("list", { name: "The community's team" });
  await expect(team.getByTestId("team-member")).toHaveCount(1);
  await expect(team.getByTestId("team-member")).toContainText("Owner");
  const form = page.getByRole("form", { name: "Add to the team" });
  await expect(form.getByLabel("Role").locator("option")).toHaveText(["Moderator", "Admin"]);
  await form.getByLabel("Username").fill(helper.username);
  await form.getByRole("button", { name: "Add to the team" }).click();
  await expect(form.getByText(`${helper.username} is now a moderator.`)).toBeVisible();

  const member = team.getByTestId("team-member").filter({ hasText: helper.username });
  await expect(member).toContainText("Moderator");
  await member.getByRole("button", { name: `Make admin (${helper.username})` }).click();
  await expect(member).toContainText("Admin");
  await member.getByRole("button", { name: `Remove from team (${helper.username})` }).click();
  await expect(member).toHaveCount(0);

  await page.goto(`/g/${group.name}/modlog`);
  await expect(page.getByTestId("modlog-entry")).toContainText([
    `Removed ${helper.username} from the team`,
    `Made ${helper.username} an admin`,
    `Made ${helper.username} a moderator`,
  ]);
});

test("a post reported through its menu reaches the queue, and Dismiss keeps the post", async ({ page, request, baseURL, wallet }) => {
  const api = await createApiClient(request, baseURL!, `e2e moderation ${suffix}`);
  const owner = await signInOwner(page, api, wallet);
  const group = await createGroup(api, baseURL!, owner);
  const author = await api.registerUser(unique("author"));
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${group.id}/threads/create`, {
    token: author.token,
    data: { title: `Borderline ${suffix}`, content: textDelta("Is this on topic?") },
  });

  // Reported in the browser: the post menu's Report dialog.
  await page.goto(`/g/${group.name}/t/${thread.id}`);
  const post = page.locator(".post--first");
  await post.getByRole("button", { name: "More actions for this post" }).click();
  await post.getByRole("menuitem", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this post" });
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
  await dialog.getByLabel("Off topic").check();
  await dialog.getByLabel(/^Anything the moderators should know/).fill("Belongs in another group");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("dialog", { name: "Report sent" })).toBeVisible();
  await page.getByRole("dialog", { name: "Report sent" }).getByRole("button", { name: "Close" }).first().click();

  await page.goto(`/g/${group.name}/moderation`);
  const report = page.getByTestId("report");
  await expect(report).toHaveCount(1);
  await expect(report).toContainText("Off topic");
  await expect(report).toContainText("Belongs in another group");
  await expect(report).toContainText("Is this on topic?");
  await report.getByRole("button", { name: "Dismiss" }).click();
  await expect(report).toHaveCount(0);

  await page.goto(`/g/${group.name}/t/${thread.id}`);
  await expect(page.locator(".post--first .post__body")).toHaveText("Is this on topic?");
});
