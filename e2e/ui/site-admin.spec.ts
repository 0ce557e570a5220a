import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "../fixtures/wallet";
import { withDatabase } from "../helpers/database";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Contract section 20's /admin pages: 404 for everyone but site admins; a site admin suspends and
// restores an account, makes and revokes an API key, and retries a failed job.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-site-admin";

test("a site admin suspends and restores a user, revokes a key and retries a failed job; others get 404", async ({
  page,
  request,
  baseURL,
  wallet,
  browser,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "site-admin" });
  expect((await page.goto("/admin"))!.status()).toBe(404);
  const guest = await browser.newPage();
  expect((await guest.goto(`${baseURL}/admin/users`))!.status()).toBe(404);
  await guest.close();

  await withDatabase(baseURL!, async (db) => {
    await db.query("UPDATE users SET super_admin = 1 WHERE id = $1", [world.me.id]);
    // As `npm run backup` records a finished backup (lib/db/backup-runs.ts).
    await db.query("INSERT INTO agora_ops.backups (file_name, finished_at, size_bytes) VALUES ($1, now(), 5242880)", [`forum-${suffix}.agora`]);
  });
  await page.goto("/settings");
  await page.getByRole("link", { name: "Site administration" }).click();
  await expect(page.getByRole("heading", { name: "Site administration" })).toBeVisible();
  await expect(page.getByTestId("health-Database")).toHaveText("ok");
  await expect(page.getByTestId("health-SMTP (email)")).toHaveText("ok");
  await expect(page.getByTestId("health-Last backup")).toContainText(`UTC, 5.0 MB (forum-${suffix}.agora)`);
  await shootBothWidths(page, SHOTS, "health");

  // Users: find the other person, suspend them (their token stops at once), then restore them.
  await page.getByRole("link", { name: "Users" }).click();
  await page.getByLabel("Name or wallet").fill(world.other.username);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId(`admin-user-${world.other.id}`);
  await row.getByRole("button", { name: "Suspend…" }).click();
  await row.getByLabel("Reason").fill("Spam links");
  await row.getByLabel("For how long").selectOption("7");
  await shootBothWidths(page, SHOTS, "users-suspending");
  await row.getByRole("button", { name: "Suspend and sign out everywhere" }).click();
  await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(row).toContainText("Spam links");
  const me = await request.get("/api/me", { headers: { authorization: `Bearer ${world.other.token}` } });
  expect(me.status()).toBe(401);
  await row.getByRole("button", { name: "Restore" }).click();
  await expect(row.getByText("Suspended", { exact: true })).toHaveCount(0);

  // API keys: a new key is shown once, then revoked; a request with it is refused.
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Who the key is for").fill(`Mobile app ${suffix}`);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^agora_/);
  expect((await request.get("/api/v2/groups/1", { headers: { api_key: key } })).status()).not.toBe(401);
  await shootBothWidths(page, SHOTS, "keys");
  await page.getByRole("button", { name: `Revoke Mobile app ${suffix}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(`Mobile app ${suffix}`) })).toContainText("Revoked");
  expect((await request.get("/api/v2/groups/1", { headers: { api_key: key } })).status()).toBe(401);

  // Jobs: a job that failed for good is listed with its error, and Retry queues it again.
  const jobId = await withDatabase(baseURL!, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output)
       VALUES ('remove-stored-content', $1, 'failed', 0, 0, now(), now(), $2) RETURNING id`,
      [JSON.stringify({ sha256: "0".repeat(64), ext: `e2e${suffix}` }), JSON.stringify({ message: `store unreachable ${suffix}` })],
    );
    return rows[0]!.id;
  });
  await page.getByRole("link", { name: "Jobs" }).click();
  const failed = page.getByTestId(`failed-job-${jobId}`);
  await expect(failed).toContainText(`store unreachable ${suffix}`);
  await shootBothWidths(page, SHOTS, "jobs");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect
    .poll(async () =>
      withDatabase(baseURL!, async (db) => (await db.query<{ state: string }>("SELECT state::text FROM pgboss.job WHERE id = $1", [jobId])).rows[0]?.state),
    )
    .not.toBe("failed");
  await page.getByRole("link", { name: "Groups" }).click();
  const groupRow = page.getByTestId(`admin-group-${world.group.id}`);
  await expect(groupRow).toContainText(`Owner ${world.me.username}`);
  await shootBothWidths(page, SHOTS, "groups");

  // A new owner, named by username: the old one stays an admin, and the group's info says so.
  await groupRow.getByRole("button", { name: "Change owner…" }).click();
  await groupRow.getByLabel("Username of the new owner").fill(world.other.username);
  await groupRow.getByRole("button", { name: "Make owner" }).click();
  await expect(groupRow).toContainText(`Owner ${world.other.username}`);
  const info = await world.api.call<{ group: { owner: number } }>("GET", `/api/v2/groups/${world.group.id}`, { token: world.me.token });
  expect(info.group.owner).toBe(world.other.id);
  const admins = await withDatabase(
    baseURL!,
    async (db) =>
      (await db.query<{ user_id: number; level: number }>("SELECT user_id, level FROM group_admins WHERE group_id = $1 ORDER BY level", [world.group.id])).rows,
  );
  expect(admins).toEqual([
    { user_id: world.other.id, level: 1 },
    { user_id: world.me.id, level: 2 },
  ]);
});
