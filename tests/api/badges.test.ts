import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { BadgeSchema, type BadgeDto } from "@/lib/schemas/badge-schemas";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, notificationsOf, postAs, readModlog, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup } from "../support/thread-helpers";

// Contract section 19, "Badges and titles": admins define badges, moderators grant the manual
// ones, members choose a title among theirs; with the `badges` feature off, reads are empty and
// writes 403. Every refusal changes nothing.

let cast: Cast;
const IMAGE = "https://example.com/badge.png";
const badgesPath = () => `/api/v2/groups/${cast.group.id}/badges`;

async function createBadgeAs(user: TestUser, body: Record<string, unknown>, groupId = cast.group.id): Promise<BadgeDto> {
  const response = await postAs<{ badge: BadgeDto }>(user, `/api/v2/groups/${groupId}/badges`, { image_url: IMAGE, ...body });
  expectOk(response);
  return BadgeSchema.parse(response.body.data.badge);
}

async function badgeState() {
  const db = await getDb();
  return {
    badges: await db.badge.findMany({ where: { groupId: cast.group.id }, orderBy: { id: "asc" } }),
    holders: await db.userBadge.findMany({ where: { groupId: cast.group.id }, orderBy: [{ badgeId: "asc" }, { userId: "asc" }] }),
    titles: await db.userTitle.findMany({ where: { groupId: cast.group.id }, orderBy: { userId: "asc" } }),
  };
}

const grant = (by: TestUser, badgeId: number, user: TestUser, reason?: string) =>
  postAs<{ user_badge: Record<string, unknown> }>(by, `/api/v2/badges/${badgeId}/grant`, { user_id: user.id, ...(reason ? { reason } : {}) });
const setTitle = (user: TestUser, badgeId: number, groupId = cast.group.id) =>
  postAs<{ user_title: { id: number; title: string }[] }>(user, `/api/v2/groups/${groupId}/title`, { badge_id: badgeId });
const setFeature = async (groupId: number, status: 0 | 1) => {
  const db = await getDb();
  await db.groupFeature.upsert({
    where: { groupId_featureName: { groupId, featureName: "badges" } },
    create: { groupId, featureName: "badges", status },
    update: { status },
  });
};

beforeAll(async () => {
  cast = await createCast();
  expectOk(await postAs(cast.author, `/api/v2/groups/${cast.group.id}/join`));
});

describe("POST /api/v2/groups/{group_id}/badges", () => {
  it("creates manual, rule and token badges in the wire shape, listed for readers and logged", async () => {
    const manual = await createBadgeAs(cast.owner, { name: "  Helper ", description: "Helps", origin_url: "https://example.com/why", allow_title: 1 });
    expect(manual).toEqual({
      id: manual.id,
      event_id: manual.id,
      name: "Helper",
      desc: "Helps",
      image_url: IMAGE,
      origin_url: "https://example.com/why",
      kind: "manual",
      rule: null,
      token: null,
      allow_title: 1,
      grant_count: 0,
    });
    const rule = await createBadgeAs(cast.admin, { name: "Chatty", kind: "rule", rule: JSON.stringify({ metric: "posts", at_least: 50 }) });
    expect(rule).toMatchObject({ kind: "rule", rule: { metric: "posts", at_least: 50 }, token: null, allow_title: 0 });
    const token = await createBadgeAs(cast.owner, {
      name: "Holder",
      kind: "token",
      token: { type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: "0x" + "AB".repeat(20), min_amount: "5" },
    });
    expect(token.token).toEqual({ type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: "0x" + "ab".repeat(20), token_id: "", min_amount: "5" });
    const listed = await getAs<{ badges: BadgeDto[] }>(undefined, badgesPath());
    expectOk(listed);
    expect(listed.body.data.badges.map((badge) => badge.id)).toEqual(expect.arrayContaining([manual.id, rule.id, token.id]));
    expect((await readModlog(cast.group.id))[0]).toMatchObject({ action: "create_badge", targetType: "badge", targetId: token.id });
  });

  it.each([
    ["no name", { image_url: IMAGE }, "name"],
    ["a 51-character name", { name: "x".repeat(51), image_url: IMAGE }, "name"],
    ["a 301-character description", { name: "ok", image_url: IMAGE, description: "d".repeat(301) }, "description"],
    ["no image_url", { name: "ok" }, "image_url"],
    ["an image_url that is not http(s)", { name: "ok", image_url: "javascript:alert(1)" }, "image_url"],
    ["an origin_url that is not http(s)", { name: "ok", image_url: IMAGE, origin_url: "ftp://x" }, "origin_url"],
    ["an unknown kind", { name: "ok", image_url: IMAGE, kind: "magic" }, "kind"],
    ["a rule badge without a rule", { name: "ok", image_url: IMAGE, kind: "rule" }, "rule"],
    ["an unknown metric", { name: "ok", image_url: IMAGE, kind: "rule", rule: { metric: "karma", at_least: 1 } }, "rule"],
    ["at_least 0", { name: "ok", image_url: IMAGE, kind: "rule", rule: { metric: "posts", at_least: 0 } }, "rule"],
    ["a rule on a manual badge", { name: "ok", image_url: IMAGE, rule: { metric: "posts", at_least: 1 } }, "rule"],
    ["a token badge without a token", { name: "ok", image_url: IMAGE, kind: "token" }, "token"],
    [
      "a token rule without a contract",
      { name: "ok", image_url: IMAGE, kind: "token", token: { type: "erc20", chain_id: ANVIL_CHAIN_ID, min_amount: "1" } },
      "token",
    ],
    ["a token on a chain without RPC", { name: "ok", image_url: IMAGE, kind: "token", token: { type: "native", chain_id: 999, min_amount: "1" } }, "token"],
    ["allow_title 2", { name: "ok", image_url: IMAGE, allow_title: 2 }, "allow_title"],
  ] as const)("refuses %s with a 400 naming it, changing nothing", async (_what, body, parameter) => {
    const before = await badgeState();
    expectBadParam(await postAs(cast.owner, badgesPath(), body), parameter);
    expect(await badgeState()).toEqual(before);
  });

  it("is for the owner and admins only: moderators and members get 403, guests 401", async () => {
    const before = await badgeState();
    for (const user of [cast.moderator, cast.author, cast.stranger]) expectRefused(await postAs(user, badgesPath(), { name: "x", image_url: IMAGE }), 40300);
    expect((await postAs(undefined, badgesPath(), { name: "x", image_url: IMAGE })).status).toBe(401);
    expect(await badgeState()).toEqual(before);
  });
});

describe("edit and delete", () => {
  it("edits the fields sent (admins), refuses others, deletes with holdings and titles", async () => {
    const badge = await createBadgeAs(cast.owner, { name: "Editable", allow_title: 1 });
    const edited = await postAs<{ badge: BadgeDto }>(cast.admin, `/api/v2/badges/${badge.id}/edit`, { name: "Edited", description: "now" });
    expectOk(edited);
    expect(edited.body.data.badge).toMatchObject({ id: badge.id, name: "Edited", desc: "now", image_url: IMAGE, allow_title: 1 });
    expectRefused(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/edit`, { name: "No" }), 40300);
    expectBadParam(await postAs(cast.owner, `/api/v2/badges/${badge.id}/edit`, { kind: "rule" }), "rule");
    expectRefused(await postAs(cast.owner, `/api/v2/badges/999999999/edit`, { name: "x" }), 40400);
    expectOk(await grant(cast.moderator, badge.id, cast.author));
    expectOk(await setTitle(cast.author, badge.id));
    expectRefused(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/delete`), 40300);
    expectOk(await postAs(cast.owner, `/api/v2/badges/${badge.id}/delete`));
    const db = await getDb();
    expect(await db.userBadge.count({ where: { badgeId: badge.id } })).toBe(0);
    expect(await db.userTitle.count({ where: { badgeId: badge.id } })).toBe(0);
    expectRefused(await postAs(cast.owner, `/api/v2/badges/${badge.id}/delete`), 40400);
  });
});

describe("grant and revoke", () => {
  it("moderators grant a manual badge with a reason; the user is notified; grant_count moves; revoke takes it back", async () => {
    const badge = await createBadgeAs(cast.owner, { name: "Kind" });
    const granted = await grant(cast.moderator, badge.id, cast.author, "for kindness");
    expectOk(granted);
    expect(granted.body.data.user_badge).toMatchObject({ badge_id: badge.id, user_id: cast.author.id, granted_by: cast.moderator.id, reason: "for kindness" });
    expect(typeof granted.body.data.user_badge.granted_at).toBe("string");
    expectOk(await grant(cast.owner, badge.id, cast.author));
    const notes = await notificationsOf(cast.author);
    expect(notes.notifications.filter((note) => note.type === "badge")).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "badge", group_id: cast.group.id, actor: expect.objectContaining({ id: cast.moderator.id }) })]),
    );
    const listed = await getAs<{ badges: BadgeDto[] }>(cast.author, badgesPath());
    expect(listed.body.data.badges.find((entry) => entry.id === badge.id)?.grant_count).toBe(1);
    const mine = await getAs<{ badges: { badge: BadgeDto; group_id: number; granted_at: string }[] }>(undefined, `/api/v2/users/${cast.author.id}/badges`, {
      group_id: cast.group.id,
    });
    expectOk(mine);
    expect(mine.body.data.badges.map((entry) => entry.badge.id)).toContain(badge.id);
    expect(mine.body.data.badges[0]).toMatchObject({ group_id: cast.group.id });
    expectRefused(await getAs(undefined, "/api/v2/users/999999999/badges"), 40400);
    expectBadParam(await getAs(undefined, `/api/v2/users/${cast.author.id}/badges`, { group_id: "x" }), "group_id");
    expectOk(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/revoke`, { user_id: cast.author.id }));
    expectRefused(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/revoke`, { user_id: cast.author.id }), 40400);
    const after = await getAs<{ badges: BadgeDto[] }>(cast.author, badgesPath());
    expect(after.body.data.badges.find((entry) => entry.id === badge.id)?.grant_count).toBe(0);
  });

  it("refuses members, strangers, rule and token badges by hand, unknown users and badges, changing nothing", async () => {
    const badge = await createBadgeAs(cast.owner, { name: "Guarded" });
    const rule = await createBadgeAs(cast.owner, { name: "Ruled", kind: "rule", rule: { metric: "threads", at_least: 1000 } });
    const before = await badgeState();
    expectRefused(await grant(cast.author, badge.id, cast.stranger), 40300);
    expectRefused(await grant(cast.stranger, badge.id, cast.author), 40300);
    expectBadParam(await grant(cast.moderator, rule.id, cast.author), "badge_id");
    expectBadParam(await postAs(cast.moderator, `/api/v2/badges/${rule.id}/revoke`, { user_id: cast.author.id }), "badge_id");
    expectRefused(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/grant`, { user_id: 999999999 }), 40400);
    expectRefused(await grant(cast.moderator, 999999999, cast.author), 40400);
    expectBadParam(await postAs(cast.moderator, `/api/v2/badges/${badge.id}/grant`, {}), "user_id");
    expect(await badgeState()).toEqual(before);
  });
});

describe("POST /api/v2/groups/{group_id}/title", () => {
  it("sets a held title-able badge, refuses others, clears with 0; moderators fall back to their role", async () => {
    const titled = await createBadgeAs(cast.owner, { name: "Sage", allow_title: 1 });
    const plain = await createBadgeAs(cast.owner, { name: "Plain" });
    const unheld = await createBadgeAs(cast.owner, { name: "Unheld", allow_title: 1 });
    expectOk(await grant(cast.moderator, titled.id, cast.author));
    expectOk(await grant(cast.moderator, plain.id, cast.author));
    const set = await setTitle(cast.author, titled.id);
    expectOk(set);
    expect(set.body.data.user_title).toEqual([{ id: titled.id, title: "Sage" }]);
    const before = await badgeState();
    expectBadParam(await setTitle(cast.author, plain.id), "badge_id");
    expectRefused(await setTitle(cast.author, unheld.id), 40300);
    expectBadParam(await setTitle(cast.author, 999999999), "badge_id");
    expectRefused(await setTitle(cast.stranger, titled.id), 40300);
    expect(await badgeState()).toEqual(before);
    const cleared = await setTitle(cast.author, 0);
    expect(cleared.body.data.user_title).toEqual([]);
    expect((await setTitle(cast.moderator, 0)).body.data.user_title).toEqual([{ id: 0, title: "Moderator" }]);
    expect((await setTitle(cast.owner, 0)).body.data.user_title).toEqual([{ id: 0, title: "Owner" }]);
  });
});

describe("the badges feature off", () => {
  it("reads are empty and writes 403 naming it; on again, everything is back", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const badge = await createBadgeAs(owner, { name: "Switchable", allow_title: 1 }, group.id);
    expectOk(await grant(owner, badge.id, owner));
    await setFeature(group.id, 0);
    const listed = await getAs<{ badges: BadgeDto[] }>(owner, `/api/v2/groups/${group.id}/badges`);
    expect(listed.body.data.badges).toEqual([]);
    expect((await getAs<{ badges: unknown[] }>(owner, `/api/v2/users/${owner.id}/badges`)).body.data.badges).toEqual([]);
    const refusals = [
      await postAs(owner, `/api/v2/groups/${group.id}/badges`, { name: "x", image_url: IMAGE }),
      await postAs(owner, `/api/v2/badges/${badge.id}/edit`, { name: "y" }),
      await grant(owner, badge.id, owner),
      await postAs(owner, `/api/v2/badges/${badge.id}/revoke`, { user_id: owner.id }),
      await setTitle(owner, badge.id, group.id),
      await postAs(owner, `/api/v2/badges/${badge.id}/delete`),
    ];
    for (const refused of refusals) {
      expectRefused(refused, 40300);
      expect(refused.body.description).toMatch(/badges/);
    }
    await setFeature(group.id, 1);
    expect((await getAs<{ badges: BadgeDto[] }>(owner, `/api/v2/groups/${group.id}/badges`)).body.data.badges).toHaveLength(1);
  });
});
