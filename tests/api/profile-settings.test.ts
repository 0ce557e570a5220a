import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { MeUserDto } from "@/lib/schemas/user-schemas";
import { call, expectedError } from "../support/api-client";
import { expectOk, getAs, readPostAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// Contract section 17, profile and preferences: update user info (endpoint 6) takes bio, dark_mode
// and settings (merged; unknown keys or values refused, changing nothing); /api/me shows them with
// every key filled; hide_online hides the person's presence from others.

const DEFAULTS = { email_notifications: "mentions", email_digest: "weekly", show_nsfw: 0, hide_online: 0 };

const updateInfo = (user: TestUser, body: Record<string, unknown>, encoding?: "form") =>
  call<Record<string, unknown>>("POST", "/api/user/update_info", { token: user.token, body, encoding });

async function meOf(user: TestUser): Promise<MeUserDto> {
  const response = await call<{ user: MeUserDto }>("GET", "/api/me", { token: user.token });
  expect(response.status).toBe(200);
  return response.body.data.user;
}

async function storedProfile(userId: number) {
  const db = await getDb();
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { bio: true, darkMode: true, settings: true, updatedAt: true } });
}

function expectBadRequest(response: Awaited<ReturnType<typeof updateInfo>>, parameter: string): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject(expectedError("api", 40000));
  expect(String(response.body.description)).toMatch(new RegExp(`^${parameter}\\b`));
}

describe("update user info: bio, dark_mode, settings", () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createTestUser();
  });

  it("a new account shows every settings key at its default, dark_mode 2 (the device's) and no bio", async () => {
    const me = await meOf(user);
    expect(me).toMatchObject({ bio: null, dark_mode: 2, settings: DEFAULTS });
  });

  it("takes a bio (plain text, up to 1,000 characters, stored as written) and clears it with an empty one", async () => {
    const bio = "I write <b>code</b> & read https://example.com/about\nSecond line";
    const response = await updateInfo(user, { bio });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ bio });
    expect((await meOf(user)).bio).toBe(bio);
    const longest = "é".repeat(1000);
    expect((await updateInfo(user, { bio: longest })).status).toBe(200);
    expect((await meOf(user)).bio).toBe(longest);
    expect((await updateInfo(user, { bio: "" })).status).toBe(200);
    expect((await meOf(user)).bio).toBeNull();
  });

  it("takes dark_mode 0, 1 or 2, as a number or its digit", async () => {
    for (const value of [1, 0, "1", "2"]) {
      const response = await updateInfo(user, { dark_mode: value });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ dark_mode: Number(value) });
    }
    expect((await meOf(user)).dark_mode).toBe(2);
  });

  it("merges settings into the stored ones: a change of one key keeps the others", async () => {
    expect((await updateInfo(user, { settings: { show_nsfw: 1 } })).status).toBe(200);
    expect((await updateInfo(user, { settings: { email_digest: "daily", email_notifications: "all" } })).status).toBe(200);
    expect((await meOf(user)).settings).toEqual({ ...DEFAULTS, show_nsfw: 1, email_digest: "daily", email_notifications: "all" });
    // A form sends the object as JSON text.
    expect((await updateInfo(user, { settings: JSON.stringify({ email_notifications: "off", email_digest: "off" }) }, "form")).status).toBe(200);
    expect((await meOf(user)).settings).toEqual({ ...DEFAULTS, show_nsfw: 1, email_digest: "off", email_notifications: "off" });
    expect((await updateInfo(user, { settings: {} })).status).toBe(200);
    expect((await meOf(user)).settings).toEqual({ ...DEFAULTS, show_nsfw: 1, email_digest: "off", email_notifications: "off" });
  });

  it.each([
    ["a bio over 1,000 characters", { bio: "x".repeat(1001) }, "bio"],
    ["a bio that is not text", { bio: { text: "hi" } }, "bio"],
    ["dark_mode 3", { dark_mode: 3 }, "dark_mode"],
    ["dark_mode -1", { dark_mode: -1 }, "dark_mode"],
    ["dark_mode dark", { dark_mode: "dark" }, "dark_mode"],
    ["an unknown settings key", { settings: { theme: "dark" } }, "settings"],
    ["an unknown email_notifications value", { settings: { email_notifications: "weekly" } }, "settings"],
    ["an unknown email_digest value", { settings: { email_digest: "hourly" } }, "settings"],
    ["show_nsfw 2", { settings: { show_nsfw: 2 } }, "settings"],
    ["hide_online true", { settings: { hide_online: true } }, "settings"],
    ["settings that are not an object", { settings: [1] }, "settings"],
    ["settings that are not JSON", { settings: "{nope" }, "settings"],
    ["a good key next to a bad one", { settings: { show_nsfw: 0, colour: "red" }, bio: "kept out" }, "settings"],
  ])("refuses %s with a 400 naming it, and changes nothing", async (_name, body, parameter) => {
    const before = await storedProfile(user.id);
    expectBadRequest(await updateInfo(user, body), parameter);
    expect(await storedProfile(user.id)).toEqual(before);
  });
});

describe("hide_online", () => {
  let hidden: TestUser;
  let shown: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [hidden, shown, reader] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  });

  it("others see the person's posts offline and do not count them in online_members", async () => {
    expect((await updateInfo(hidden, { settings: { hide_online: 1 } })).status).toBe(200);
    const group = await createNamedGroup(shown);
    const thread = await createThreadOverHttp(shown, group.id);
    expectOk(await call("POST", `/api/v2/groups/${group.id}/join`, { token: hidden.token }));
    const hiddenPost = await createPostOverHttp(hidden, thread.id, "Nobody knows I am here");
    const shownPost = await createPostOverHttp(shown, thread.id, "I am here");
    expect((await readPostAs(reader, group, thread.id, hiddenPost.id)).online).toBe(false);
    expect((await readPostAs(reader, group, thread.id, shownPost.id)).online).toBe(true);
    expect((await readPostAs(undefined, group, thread.id, hiddenPost.id)).online).toBe(false);
    const info = await getAs<{ group: { online_members: number } }>(reader, `/api/v2/groups/${group.id}`);
    expectOk(info);
    // Two members (the owner and the hidden one); only the owner counts.
    expect(info.body.data.group.online_members).toBe(1);
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: hidden.id }, select: { lastSeenAt: true } })).lastSeenAt).toBeNull();
  });

  it("stays hidden however much they do, and shows again once turned off", async () => {
    await meOf(hidden);
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: hidden.id }, select: { lastSeenAt: true } })).lastSeenAt).toBeNull();
    expect((await updateInfo(hidden, { settings: { hide_online: 0 } })).status).toBe(200);
    const group = await createNamedGroup(shown);
    const thread = await createThreadOverHttp(shown, group.id);
    const post = await createPostOverHttp(hidden, thread.id, "Back online");
    expect((await readPostAs(reader, group, thread.id, post.id)).online).toBe(true);
  });
});
