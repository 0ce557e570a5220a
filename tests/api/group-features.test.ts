import { beforeAll, describe, expect, it } from "vitest";
import type { GroupFeatureDto } from "@/lib/schemas/group-feature-schemas";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, postAs, type Cast } from "../support/community-helpers";
import type { TestUser } from "../support/fixtures";

// Contract section 20, "Group features": admins switch what a group offers; the fixed features
// answer 400 to a change, and every refusal leaves the list as it was.

let cast: Cast;

async function featuresOf(groupId = cast.group.id): Promise<Record<string, number | null>> {
  const response = await getAs<{ group: { feature: GroupFeatureDto[] } }>(cast.owner, `/api/v2/groups/${groupId}`);
  expectOk(response);
  return Object.fromEntries(response.body.data.group.feature.map((feature) => [feature.feature_name, feature.status]));
}

function switchAs(user: TestUser | undefined, body: Record<string, unknown>, groupId = cast.group.id) {
  return postAs<{ feature: GroupFeatureDto[] }>(user, `/api/v2/groups/${groupId}/features`, body);
}

beforeAll(async () => {
  cast = await createCast();
});

describe("POST /api/v2/groups/{group_id}/features", () => {
  it("a new group lists every feature: the switchable ones on, subscription and discordsettings off", async () => {
    expect(await featuresOf()).toEqual({
      adminsAndModerators: 1,
      badges: 1,
      attached_files: 1,
      GroupLevelPermission: 1,
      layout: 1,
      rewards: 1,
      share_externally: 1,
      subscription: 0,
      topic_organization: 1,
      discordsettings: 0,
    });
  });

  it("the owner and admins switch a feature off and on again, answering the whole list", async () => {
    const off = await switchAs(cast.admin, { feature_name: "rewards", status: 0 });
    expectOk(off);
    expect(off.body.data.feature.find((feature) => feature.feature_name === "rewards")).toMatchObject({ status: 0, is_setting: 0 });
    expect(off.body.data.feature).toHaveLength(10);
    expect((await featuresOf()).rewards).toBe(0);
    expectOk(await switchAs(cast.owner, { feature_name: "rewards", status: "1" }));
    expect((await featuresOf()).rewards).toBe(1);
  });

  it.each([
    ["a moderator", "moderator", 40300],
    ["a member", "author", 40300],
    ["a stranger", "stranger", 40300],
    ["a banned user", "banned", 40300],
  ] as const)("refuses %s and changes nothing", async (_, who, code) => {
    const before = await featuresOf();
    expectRefused(await switchAs(cast[who], { feature_name: "badges", status: 0 }), code);
    expect(await featuresOf()).toEqual(before);
  });

  it("refuses the signed-out with 401", async () => {
    expectRefused(await switchAs(undefined, { feature_name: "badges", status: 0 }), 40102);
  });

  it.each([
    ["switching off a feature that is always on", { feature_name: "layout", status: 0 }, "status", /always on/],
    ["switching on a feature not offered", { feature_name: "subscription", status: 1 }, "status", /not offered/],
    ["an unknown feature", { feature_name: "teleport", status: 1 }, "feature_name", /unknown feature/],
    ["a missing feature_name", { status: 1 }, "feature_name", null],
    ["a status other than 0 or 1", { feature_name: "badges", status: 2 }, "status", null],
    ["a missing status", { feature_name: "badges" }, "status", null],
  ] as const)("400 for %s, changing nothing", async (_, body, parameter, message) => {
    const before = await featuresOf();
    const response = await switchAs(cast.owner, body);
    expectBadParam(response, parameter);
    if (message) expect(response.body.description).toMatch(message);
    expect(await featuresOf()).toEqual(before);
  });

  it("keeps a fixed feature at its status when asked for that status", async () => {
    expectOk(await switchAs(cast.owner, { feature_name: "layout", status: 1 }));
    expectOk(await switchAs(cast.owner, { feature_name: "discordsettings", status: 0 }));
    expect(await featuresOf()).toMatchObject({ layout: 1, discordsettings: 0 });
  });

  it("404 for a group that does not exist", async () => {
    expectRefused(await switchAs(cast.owner, { feature_name: "badges", status: 0 }, 2_000_000_000), 40400);
  });
});
