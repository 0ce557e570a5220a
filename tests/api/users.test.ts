import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getServerSecret } from "@/lib/auth/secret";
import { createPermawebTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { MeUserSchema, UpdateInfoUserSchema, type MeUserDto } from "@/lib/schemas/user-schemas";
import { createGroup } from "@/lib/services/groups";
import { call, expectedError } from "../support/api-client";
import { createTestUser, uniqueName } from "../support/fixtures";
import { loginEvm, registerEvmUser, requestNonce, type WalletUser } from "../support/wallet-flow";

const getMe = (token: string, method: "GET" | "POST" = "POST") => call<{ user: MeUserDto }>(method, "/api/me", { token });
const updateInfo = (token: string, body: Record<string, unknown>, encoding?: "form") =>
  call<Record<string, unknown>>("POST", "/api/user/update_info", { token, body, encoding });

describe("GET|POST /api/me (endpoint 9)", () => {
  let user: WalletUser;
  let ownGroup: string;
  let otherGroup: string;

  beforeAll(async () => {
    user = await registerEvmUser({ photoUrl: "https://img.example/me.png" });
    ownGroup = uniqueName("mine");
    await createGroup(user, { name: ownGroup, title: "Mine", description: "d", cover: "", logo: "" });
    // Created last, so it is the most recently active group the user is not in.
    otherGroup = uniqueName("other");
    await (await createTestUser()).createGroup(otherGroup);
  });

  it.each(["GET", "POST"] as const)("answers every field of the reference User table (%s)", async (method) => {
    const response = await getMe(user.token, method);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: 20000, description: "", server: "rest" });
    const me = MeUserSchema.strict().parse(response.body.data.user);
    expect(me).toMatchObject({
      id: user.id,
      username: user.username,
      web3_public_key: user.address,
      web3_public_keys: [{ type: 5, address: user.address }],
      browser_wallet_address: user.address,
      archive_address: "",
      photo_url: "https://img.example/me.png",
      email: null,
      cover_image: null,
      api_version: 0,
      settings: { email_notifications: "mentions", email_digest: "weekly", show_nsfw: 0, hide_online: 0 },
      // A new account follows its device until its person picks a theme.
      dark_mode: 2,
      bio: null,
      blocked_users: [],
      is_nft: 0,
      last_post_time: null,
    });
    expect(me.widget_secret.length).toBeGreaterThanOrEqual(16);
  });

  it("lists the user's groups with url and permission level, and recommends others with their owner", async () => {
    const me = MeUserSchema.strict().parse((await getMe(user.token)).body.data.user);
    const own = me.groups.find((group) => group.name === ownGroup);
    expect(own).toMatchObject({ title: "Mine", followers: 1, permission_level: "1", url: `${inject("baseUrl")}/g/${ownGroup}` });
    expect(me.group_perm_level).toContainEqual({ group_id: own!.id, level: 1 });
    expect(me.recommend_groups.map((group) => group.name)).not.toContain(ownGroup);
    expect(me.recommend_groups[0]).toMatchObject({ name: otherGroup });
    expect(me.recommend_groups.length).toBeLessThanOrEqual(10);
  });

  it("signs the referral url with the server secret", async () => {
    const me = (await getMe(user.token)).body.data.user;
    const url = new URL(me.referral_url);
    expect(url.origin).toBe(inject("baseUrl"));
    expect(url.searchParams.get("ref")).toBe(String(user.id));
    const expected = createHmac("sha256", getServerSecret()).update(String(user.id)).digest("hex");
    expect(url.searchParams.get("signature")).toBe(expected);
  });

  it("reports a permaweb user's modulus as web3_public_key and its address as archive_address", async () => {
    const wallet = createPermawebTestWallet();
    const { message } = await requestNonce(wallet.publicKey, 3);
    const registered = await call<{ api_token: string }>("POST", "/api/wallet/register", {
      body: { web3_public_key: wallet.publicKey, wallet_type: 3, sign: wallet.sign(message), signMsg: message, username: uniqueName("ar"), photo_url: "" },
    });
    const me = MeUserSchema.strict().parse((await getMe(registered.body.data.api_token)).body.data.user);
    expect(me).toMatchObject({ web3_public_key: wallet.publicKey, archive_address: wallet.address, browser_wallet_address: "" });
  });

  it.each([
    ["no token", undefined, 40102],
    ["a forged token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad", 40103],
  ])("refuses %s", async (_label, token, code) => {
    const response = await call("POST", "/api/me", { token });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", code));
  });
});

describe("POST /api/user/update_info (endpoint 6)", () => {
  let user: WalletUser;

  beforeAll(async () => {
    user = await registerEvmUser();
  });

  it("changes the given fields and answers the update-info user unwrapped", async () => {
    const username = uniqueName("Renamed");
    const response = await updateInfo(user.token, {
      username,
      photo_url: "https://img.example/new.png",
      cover_image: "http://img.example/cover.jpg",
      email: "me@example.org",
      // is_nft 1 needs an NFT the user holds (contract section 19): tests/api/nft-avatars.test.ts.
      is_nft: 0,
    });
    expect(response.status).toBe(200);
    const data = UpdateInfoUserSchema.strict().parse(response.body.data);
    expect(data).toMatchObject({
      id: user.id,
      username,
      photo_url: "https://img.example/new.png",
      cover_image: "http://img.example/cover.jpg",
      email: "me@example.org",
      is_nft: 0,
      web3_public_keys: [{ type: 5, address: user.address }],
    });
    const me = (await getMe(user.token)).body.data.user;
    expect(me).toMatchObject({ username, email: "me@example.org", is_nft: 0 });
    // "The me fields without groups": the signed-in user's own widget_secret included.
    expect(data.widget_secret).toBe(me.widget_secret);
    user.username = username;
  });

  it("leaves unsent fields alone and clears email and cover_image with an empty string (form body)", async () => {
    const before = (await getMe(user.token)).body.data.user;
    const response = await updateInfo(user.token, { email: "", cover_image: "", is_nft: "0" }, "form");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ email: null, cover_image: null, is_nft: 0, username: before.username, photo_url: before.photo_url });
  });

  it("lets a user change the case of their own username", async () => {
    const response = await updateInfo(user.token, { username: user.username.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.data.username).toBe(user.username.toUpperCase());
  });

  it("answers 409 when the username belongs to someone else (case-insensitively)", async () => {
    const other = await registerEvmUser();
    const response = await updateInfo(user.token, { username: ` ${other.username.toUpperCase()} ` });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject(expectedError("api", 40900));
    expect(response.body.description).toMatch(/username/);
  });

  it.each([
    ["a bad email", { email: "not-an-email" }, /^email: must be an email address/],
    ["a non-http photo_url", { photo_url: "data:image/png;base64,AAAA" }, /^photo_url: must be an http\(s\) URL/],
    ["a non-http cover_image", { cover_image: "ftp://x/y" }, /^cover_image: must be an http\(s\) URL/],
    ["is_nft 2", { is_nft: 2 }, /^is_nft: must be at most 1/],
    ["is_nft 'yes'", { is_nft: "yes" }, /^is_nft/],
    ["a one-character username", { username: "x" }, /^username: must be at least 2/],
  ])("refuses %s with 400 and changes nothing", async (_label, body, description) => {
    const before = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    const response = await updateInfo(user.token, { username: uniqueName("nochange"), ...body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(description);
    const after = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toEqual(before);
  });

  it("needs a token", async () => {
    const response = await updateInfo("", { email: "a@b.co" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", 40102));
  });
});

describe("POST /api/logout", () => {
  it("revokes only the token it was called with", async () => {
    const user = await registerEvmUser();
    const second = await loginEvm(user.wallet);
    const response = await call("POST", "/api/logout", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true, code: 20000, description: "", server: "rest", data: {} });
    for (const path of ["/api/me", "/api/logout", "/api/user/update_info"]) {
      const after = await call("POST", path, { token: user.token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject(expectedError("api", 40103));
    }
    expect((await getMe(second)).status).toBe(200);
  });
});

describe("API key on the user endpoints", () => {
  it.each([
    ["GET", "/api/me"],
    ["POST", "/api/me"],
    ["POST", "/api/user/update_info"],
    ["POST", "/api/logout"],
  ] as const)("%s %s without a key is 401 40100", async (method, path) => {
    const user = await createTestUser();
    const response = await call(method, path, { apiKey: false, token: user.token });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("api", 40100));
  });
});
