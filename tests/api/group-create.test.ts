import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { CreateGroupUserSchema, MeUserSchema } from "@/lib/schemas/user-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, uniqueName } from "../support/fixtures";
import { registerEvmUser, requestNonce, type WalletUser } from "../support/wallet-flow";

const createGroup = (token: string | undefined, body: Record<string, unknown>) => call<{ user: unknown }>("POST", "/api/group/create", { token, body });

function groupBody(user: { id: number }, override: Record<string, unknown> = {}) {
  return {
    title: "A group",
    name: uniqueName("grp"),
    description: "About things",
    cover: "https://img.example/cover.png",
    logo: "",
    uid: user.id,
    signature: "client-signature",
    ...override,
  };
}

async function findGroup(name: string) {
  return (await getDb()).group.findUnique({ where: { name: name.toLowerCase() } });
}

describe("POST /api/group/create (endpoint 5)", () => {
  let user: WalletUser;

  beforeAll(async () => {
    user = await registerEvmUser();
  });

  it("creates the group and answers the create-group user, with the group in user.groups and me.groups", async () => {
    const name = uniqueName("New-Group");
    const response = await createGroup(user.token, groupBody(user, { name, title: "  Title  " }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: 20000, description: "", server: "rest" });
    expect(Object.keys(response.body.data)).toEqual(["user"]);
    const created = CreateGroupUserSchema.strict().parse(response.body.data.user);
    expect(created.id).toBe(user.id);
    const entry = created.groups.find((group) => group.name === name.toLowerCase());
    expect(entry).toMatchObject({
      title: "Title",
      description: "About things",
      cover: "https://img.example/cover.png",
      logo: "",
      followers: 1,
      permission_level: "1",
      url: `${inject("baseUrl")}/g/${name.toLowerCase()}`,
    });

    const me = MeUserSchema.strict().parse((await call<{ user: unknown }>("POST", "/api/me", { token: user.token })).body.data.user);
    expect(me.groups.map((group) => group.id)).toContain(entry!.id);
    expect(created.widget_secret).toBe(me.widget_secret);
    const info = await call<{ group: { owner: number; name: string } }>("GET", `/api/v2/groups/${entry!.id}`);
    expect(info.body.data.group).toMatchObject({ owner: user.id, name: name.toLowerCase() });
  });

  it("verifies a signature over a sent signMsg against the user's wallet, and spends the message", async () => {
    const { message } = await requestNonce(user.address, 5, "create_group");
    const body = groupBody(user, { signature: await user.wallet.sign(message), signMsg: message });
    expect((await createGroup(user.token, body)).status).toBe(200);
    const name = uniqueName("again");
    const replay = await createGroup(user.token, { ...body, name });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject(expectedError("api", 40103));
    expect(await findGroup(name)).toBeNull();
  });

  it("refuses a signature by another key with 401 and creates nothing", async () => {
    const stranger = await registerEvmUser();
    const { message } = await requestNonce(user.address, 5, "create_group");
    const body = groupBody(user, { signature: await stranger.wallet.sign(message), signMsg: message });
    const response = await createGroup(user.token, body);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", 40103));
    expect(response.body.description).toMatch(/signature is not a valid signature/);
    expect(await findGroup(String(body.name))).toBeNull();
  });

  it("refuses a message signed by another user's wallet with 401 and creates nothing", async () => {
    const other = await registerEvmUser();
    const { message } = await requestNonce(other.address, 5, "create_group");
    const body = groupBody(user, { signature: await other.wallet.sign(message), signMsg: message });
    const response = await createGroup(user.token, body);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", 40103));
    expect(response.body.description).toMatch(/not yours/);
    expect(await findGroup(String(body.name))).toBeNull();
  });

  it("answers 403 when uid is another user", async () => {
    const other = await createTestUser();
    const body = groupBody(other);
    const response = await createGroup(user.token, body);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject(expectedError("api", 40300));
    expect(response.body.description).toMatch(/uid/);
    expect(await findGroup(String(body.name))).toBeNull();
  });

  it("answers 409 for a taken name, case-insensitively, and keeps the signed message usable", async () => {
    const name = uniqueName("taken");
    expect((await createGroup(user.token, groupBody(user, { name }))).status).toBe(200);
    const { message } = await requestNonce(user.address, 5, "create_group");
    const signed = { signature: await user.wallet.sign(message), signMsg: message };
    const response = await createGroup(user.token, groupBody(user, { name: name.toUpperCase(), ...signed }));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject(expectedError("api", 40900));
    expect(response.body.description).toMatch(/name/);
    expect((await createGroup(user.token, groupBody(user, signed))).status).toBe(200);
  });

  it.each([
    ["a name with spaces", { name: "my group" }, /^name: must be 3-32 characters/],
    ["a two-character name", { name: "ab" }, /^name: must be 3-32/],
    ["a 33-character name", { name: "a".repeat(33) }, /^name: must be 3-32/],
    ["a missing name", { name: undefined }, /^name: is required/],
    ["an empty title", { title: "" }, /^title: is required/],
    ["a 101-character title", { title: "t".repeat(101) }, /^title: must be at most 100/],
    ["a 2001-character description", { description: "d".repeat(2001) }, /^description: must be at most 2000/],
    ["a missing description", { description: undefined }, /^description: is required/],
    ["a javascript: cover", { cover: "javascript:alert(1)" }, /^cover: must be an http\(s\) URL/],
    ["a missing logo", { logo: undefined }, /^logo: is required/],
    ["a missing uid", { uid: undefined }, /^uid: is required/],
    ["a non-numeric uid", { uid: "me" }, /^uid: must be an integer/],
    ["an empty signature", { signature: "" }, /^signature: is required/],
    ["a missing signature", { signature: undefined }, /^signature: is required/],
  ])("refuses %s with 400", async (_label, override, description) => {
    const name = uniqueName("bad");
    const response = await createGroup(user.token, groupBody(user, { name, ...override }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(description);
    expect(await findGroup(name)).toBeNull();
  });

  it.each([
    ["no key", { apiKey: false as const }, 40100],
    ["no token", { token: undefined }, 40102],
    ["a forged token", { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" }, 40103],
  ])("refuses %s with 401", async (_label, options, code) => {
    const body = groupBody(user);
    const response = await call("POST", "/api/group/create", { token: user.token, body, ...options });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", code));
    expect(await findGroup(body.name)).toBeNull();
  });
});
