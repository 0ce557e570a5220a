import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call } from "../support/api-client";
import { expectBadParam, expectOk, expectRefused, getAs, makeSuperAdmin, postAs, readThreadAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, textDelta } from "../support/thread-helpers";
import { registerEvmUser, signEvmProof, type WalletUser } from "../support/wallet-flow";

// Contract section 20, "Site administration": suspending accounts, the recommend flags, and the
// `npm run admin` command.

const run = promisify(execFile);
let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser();
  await makeSuperAdmin(admin);
});

function suspend(by: TestUser | undefined, userId: number, body: Record<string, unknown>) {
  return postAs<{ user_id: number; activate: number }>(by, `/api/v2/admin/users/${userId}/suspend`, body);
}

/** An answer of the /api family (numeric codes) that went through. */
function expectApiOk(response: { status: number; body: { code: unknown; description: string } }): void {
  expect([response.status, Number(response.body.code), response.body.description]).toEqual([200, 20000, ""]);
}

function login(user: WalletUser) {
  return (async () => call<{ api_token: string }>("POST", "/api/wallet/login", { body: await signEvmProof(user.wallet) }))();
}

async function activateOf(userId: number): Promise<number> {
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId }, select: { activate: true } })).activate;
}

describe("POST /api/v2/admin/users/{user_id}/suspend", () => {
  it("suspends: the account's tokens stop at once, sign-in is a 403 saying so, its posts stay; restoring lets it sign in again with new tokens only", async () => {
    const member = await registerEvmUser();
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await call<{ thread: { id: number } }>("POST", `/api/v2/groups/${group.id}/threads/create`, {
      token: member.token,
      body: { title: "Written before the suspension", content: textDelta("Still here") },
    });
    expectOk(thread);
    expectApiOk(await call("GET", "/api/me", { token: member.token }));

    const suspended = await suspend(admin, member.id, { suspended: 1, reason: "Spam", days: 0 });
    expectOk(suspended);
    expect(suspended.body.data).toEqual({ user_id: member.id, activate: 0 });
    const cut = await call("GET", "/api/me", { token: member.token });
    expect([cut.status, Number(cut.body.code)]).toEqual([401, 40103]);
    const refused = await login(member);
    expect(refused.status).toBe(403);
    expect(Number(refused.body.code)).toBe(40300);
    expect(refused.body.description).toMatch(/suspended.*Spam/);
    const read = await readThreadAs(undefined, group, thread.body.data.thread.id);
    expect(read.body.data.thread.title).toBe("Written before the suspension");

    const restored = await suspend(admin, member.id, { suspended: 0 });
    expect(restored.body.data).toEqual({ user_id: member.id, activate: 1 });
    expect((await call("GET", "/api/me", { token: member.token })).status).toBe(401);
    const again = await login(member);
    expectApiOk(again);
    expectApiOk(await call("GET", "/api/me", { token: again.body.data.api_token }));
  });

  it("a suspension for some days ends by itself at the next sign-in once they have passed", async () => {
    const member = await registerEvmUser();
    expectOk(await suspend(admin, member.id, { suspended: 1, days: 3 }));
    const refused = await login(member);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toMatch(/suspended until \d{4}-\d{2}-\d{2}/);
    await (await getDb()).user.update({ where: { id: member.id }, data: { suspendedUntil: new Date(Date.now() - 1000) } });
    expectApiOk(await login(member));
    expect(await activateOf(member.id)).toBe(1);
  });

  it("only site admins suspend; nothing changes on a refusal", async () => {
    const member = await createTestUser();
    const other = await createTestUser();
    expectRefused(await suspend(other, member.id, { suspended: 1 }), 40300);
    expectRefused(await suspend(undefined, member.id, { suspended: 1 }), 40102);
    expect(await activateOf(member.id)).toBe(1);
  });

  it.each([
    ["suspended missing", {}, "suspended"],
    ["suspended 2", { suspended: 2 }, "suspended"],
    ["negative days", { suspended: 1, days: -1 }, "days"],
    ["a reason over 500 characters", { suspended: 1, reason: "x".repeat(501) }, "reason"],
  ] as const)("400 for %s, changing nothing", async (_, body, parameter) => {
    const member = await createTestUser();
    expectBadParam(await suspend(admin, member.id, body), parameter);
    expect(await activateOf(member.id)).toBe(1);
  });

  it("a site admin cannot suspend themself (400); an unknown user is a 404", async () => {
    expectBadParam(await suspend(admin, admin.id, { suspended: 1 }), "user_id");
    expectRefused(await suspend(admin, 2_000_000_000, { suspended: 1 }), 40400);
  });
});

describe("POST /api/v2/admin/groups/{group_id}/recommend and recommend_groups", () => {
  async function recommended(user: TestUser): Promise<number[]> {
    const response = await call<{ user: { recommend_groups: { id: number }[] } }>("GET", "/api/me", { token: user.token });
    expectApiOk(response);
    return response.body.data.user.recommend_groups.map((group) => group.id);
  }

  it("leaves out flagged groups, ranks the rest by their last post, and shows the flags as set", async () => {
    const reader = await createTestUser();
    const owner = await createTestUser();
    const quiet = await createNamedGroup(owner);
    const busy = await createNamedGroup(owner);
    const post = async (group: { id: number }) => {
      expectOk(await postAs(owner, `/api/v2/groups/${group.id}/threads/create`, { title: "Hello", content: textDelta("x") }));
      // Group activity is kept to the second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    };
    // Other test files post meanwhile, so only the order of these two is asked, never their place.
    const isAhead = (list: number[], first: number, second: number) =>
      list.includes(first) && (!list.includes(second) || list.indexOf(first) < list.indexOf(second));
    await post(quiet);
    await post(busy);
    expect(isAhead(await recommended(reader), busy.id, quiet.id)).toBe(true);
    await post(quiet);
    expect(isAhead(await recommended(reader), quiet.id, busy.id)).toBe(true);

    const flagged = await postAs(owner, `/api/v2/admin/groups/${busy.id}/recommend`, { no_recommend: 1 });
    expectOk(flagged);
    expect(flagged.body.data).toEqual({ group_id: busy.id, no_recommend: 1, super_no_recommend: 0 });
    expect(await recommended(reader)).not.toContain(busy.id);
    const info = await getAs<{ group: { no_recommend: string; super_no_recommend: string } }>(undefined, `/api/v2/groups/${busy.id}`);
    expect(info.body.data.group).toMatchObject({ no_recommend: "1", super_no_recommend: "0" });

    expectOk(await postAs(admin, `/api/v2/admin/groups/${quiet.id}/recommend`, { super_no_recommend: 1 }));
    expect(await recommended(reader)).not.toContain(quiet.id);
    // Its owner cannot lift the site's flag, and a request carrying it is refused whole.
    expectRefused(await postAs(owner, `/api/v2/admin/groups/${quiet.id}/recommend`, { no_recommend: 1, super_no_recommend: 0 }), 40300);
    const after = await getAs<{ group: { no_recommend: string; super_no_recommend: string } }>(undefined, `/api/v2/groups/${quiet.id}`);
    expect(after.body.data.group).toMatchObject({ no_recommend: "0", super_no_recommend: "1" });
  });

  it("refuses other members (403) and asks for a flag (400)", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const stranger = await createTestUser();
    expectRefused(await postAs(stranger, `/api/v2/admin/groups/${group.id}/recommend`, { no_recommend: 1 }), 40300);
    expectBadParam(await postAs(owner, `/api/v2/admin/groups/${group.id}/recommend`, {}), "no_recommend");
    expectBadParam(await postAs(owner, `/api/v2/admin/groups/${group.id}/recommend`, { no_recommend: 3 }), "no_recommend");
  });
});

describe("npm run admin", () => {
  async function admin_(args: string[]) {
    // The test's own environment names the database as the server's does: DATABASE_URL on PostgreSQL,
    // else the embedded server's data folder, whose running server the script then joins.
    const env = { ...process.env, LOG_LEVEL: "silent" };
    return run("npx", ["tsx", "--conditions=react-server", "scripts/admin.ts", ...args], { env }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  async function superAdminOf(userId: number): Promise<number> {
    return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId }, select: { superAdmin: true } })).superAdmin;
  }

  it("grants and revokes by username or wallet address; an unknown user exits non-zero with a message", async () => {
    const user = await registerEvmUser();
    expect((await admin_(["grant", user.username])).code).toBe(0);
    expect(await superAdminOf(user.id)).toBe(1);
    expect((await admin_(["revoke", user.wallet.checksumAddress])).code).toBe(0);
    expect(await superAdminOf(user.id)).toBe(0);
    const unknown = await admin_(["grant", "nobody-by-this-name"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/no user named "nobody-by-this-name"/);
    expect((await admin_(["promote", user.username])).code).not.toBe(0);
  });

  it("the first user of a forum is not made an admin by registering", async () => {
    const first = await registerEvmUser();
    expect(await superAdminOf(first.id)).toBe(0);
  });
});
