import { beforeAll, describe, expect, inject, it } from "vitest";
import { GroupSchema } from "@/lib/schemas/group-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";

describe("GET /api/v2/groups/{group_id} (endpoint 4)", () => {
  let owner: TestUser;
  let groupId: number;

  beforeAll(async () => {
    owner = await createTestUser();
    groupId = await owner.createGroup();
  });

  it("answers the reference Group shape, field by field", async () => {
    const response = await call<{ group: unknown }>("GET", `/api/v2/groups/${groupId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    const group = GroupSchema.strict().parse(response.body.data.group);
    expect(group.id).toBe(groupId);
    expect(group.owner).toBe(owner.id);
    expect(group.members).toBe(1);
    expect(group.group_admin).toEqual([expect.objectContaining({ user_id: owner.id, level: 1, group_id: groupId })]);
    expect(group.feature.map((feature) => feature.feature_name)).toContain("topic_organization");
  });

  it("shows the owner's permission level to the owner only", async () => {
    const asOwner = await call<{ group: { permission_level: string } }>("GET", `/api/v2/groups/${groupId}`, { token: owner.token });
    const asGuest = await call<{ group: { permission_level: string } }>("GET", `/api/v2/groups/${groupId}`);
    expect(asOwner.body.data.group.permission_level).toBe("1");
    expect(asGuest.body.data.group.permission_level).toBe("0");
  });

  it("accepts the key as header api_key, header svc-api-key and parameter api_key", async () => {
    const key = (await call("GET", `/api/v2/groups/${groupId}`)).status;
    const svc = await call("GET", `/api/v2/groups/${groupId}`, { apiKey: false, headers: { "svc-api-key": inject("apiKey") } });
    const param = await call("GET", `/api/v2/groups/${groupId}`, { apiKey: false, query: { api_key: inject("apiKey") } });
    expect([key, svc.status, param.status]).toEqual([200, 200, 200]);
  });

  it.each([
    ["no key", { apiKey: false as const }, 401, 40100],
    ["an unknown key", { apiKey: "agora_not-a-real-key" }, 401, 40101],
    ["a forged token", { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" }, 401, 40103],
  ])("refuses %s", async (_label, options, status, code) => {
    const response = await call("GET", `/api/v2/groups/${groupId}`, options);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(expectedError("v2", code));
  });

  it.each([
    ["abc", 400, 40000, /group_id/],
    ["0", 400, 40000, /group_id/],
    ["99999999999", 400, 40000, /group_id/],
    ["999999", 404, 40400, /group/],
  ])("answers id=%s with %i", async (id, status, code, description) => {
    const response = await call("GET", `/api/v2/groups/${id}`);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(expectedError("v2", code));
    expect(response.body.description).toMatch(description);
  });

  it("answers unknown paths in the envelope of their family", async () => {
    const v2 = await call("GET", "/api/v2/no-such-endpoint");
    const v1 = await call("GET", "/api/no-such-endpoint");
    expect(v2.body).toMatchObject(expectedError("v2", 40400));
    expect(v1.body).toMatchObject(expectedError("api", 40400));
  });
});
