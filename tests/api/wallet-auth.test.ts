import { describe, expect, inject, it } from "vitest";
import { createEvmTestWallet, createPermawebTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { PurseRegisterUserSchema, WalletLoginUserSchema, WalletRegisterUserSchema } from "@/lib/schemas/user-schemas";
import { WalletNonceSchema } from "@/lib/schemas/wallet-schemas";
import { call, expectedError } from "../support/api-client";
import { uniqueName } from "../support/fixtures";
import { registerEvmUser, requestNonce } from "../support/wallet-flow";

interface TestKey {
  type: 1 | 2 | 3 | 5;
  /** What the client sends as web3_public_key. */
  key: string;
  /** What the server stores and reports. */
  address: string;
  sign: (message: string) => Promise<string>;
}

function evmKey(type: 1 | 2 | 5 = 5): TestKey {
  const wallet = createEvmTestWallet();
  return { type, key: wallet.checksumAddress, address: wallet.address, sign: (message) => wallet.sign(message) };
}

function permawebKey(): TestKey {
  const wallet = createPermawebTestWallet();
  return { type: 3, key: wallet.publicKey, address: wallet.address, sign: async (message) => wallet.sign(message) };
}

/** A fresh message for `key`, signed by `signer` (the key itself unless a test wants a wrong signature). */
async function proofFor(key: TestKey, signer: TestKey = key) {
  const { message } = await requestNonce(key.key, key.type);
  return { web3_public_key: key.key, wallet_type: key.type, signMsg: message, sign: await signer.sign(message) };
}

type AuthData = { user: Record<string, unknown> & { id: number }; api_token: string };

const register = (body: Record<string, unknown>) => call<AuthData>("POST", "/api/wallet/register", { body });
const login = (body: Record<string, unknown>) => call<AuthData>("POST", "/api/wallet/login", { body });

async function findWallet(address: string) {
  return (await getDb()).wallet.findUnique({ where: { address } });
}

async function findUsername(username: string) {
  return (await getDb()).user.findUnique({ where: { usernameKey: username.toLowerCase() } });
}

describe("GET /api/wallet/nonce", () => {
  it("issues a 10-minute message naming the site, the address and the nonce", async () => {
    const key = evmKey();
    const response = await call<unknown>("GET", "/api/wallet/nonce", { query: { web3_public_key: key.key, wallet_type: 5 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: 20000, description: "", server: "rest" });
    const data = WalletNonceSchema.strict().parse(response.body.data);
    expect(data.message.split("\n")[0]).toMatch(/^http:\/\/localhost:\d+ wants you to sign in with your Ethereum account:$/);
    expect(data.message).toContain(`\n${key.key}\n`);
    expect(data.message).toContain(`Nonce: ${data.nonce}`);
    const ttl = Date.parse(data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const row = await (await getDb()).walletNonce.findUnique({ where: { nonce: data.nonce } });
    expect(row).toMatchObject({ address: key.address, walletType: 5, message: data.message, usedAt: null });
  });

  it("names the permaweb address (the modulus hash), not the modulus", async () => {
    const key = permawebKey();
    const { message } = await requestNonce(key.key, 3);
    expect(message).toContain(`\n${key.address}\n`);
    expect(message).not.toContain(key.key);
  });

  it.each([
    ["a malformed EVM address", { web3_public_key: "0x1234", wallet_type: 5 }, /web3_public_key/],
    ["a missing address", { wallet_type: 5 }, /web3_public_key: is required/],
    ["an unknown wallet type", { web3_public_key: evmKey().key, wallet_type: 9 }, /wallet_type/],
    ["a web wallet (type 4)", { web3_public_key: "user@web", wallet_type: 4 }, /wallet_type.*web3_wallet_auth_code/],
  ])("refuses %s with 400", async (_label, query, description) => {
    const response = await call("GET", "/api/wallet/nonce", { query });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(description);
  });
});

describe("POST /api/wallet/register and /api/wallet/login", () => {
  it.each([
    ["EVM (5)", () => evmKey(5)],
    ["chain-A (1)", () => evmKey(1)],
    ["chain-A hardware (2)", () => evmKey(2)],
    ["permaweb (3)", permawebKey],
  ])("registers and logs in a %s wallet with a real signature", async (_label, makeKey) => {
    const key = makeKey();
    const username = uniqueName("reg");
    const registered = await register({ ...(await proofFor(key)), username, photo_url: "https://img.example/a.png" });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ status: true, code: 20000, description: "" });
    const user = WalletRegisterUserSchema.strict().parse(registered.body.data.user);
    expect(user).toMatchObject({ username, photo_url: "https://img.example/a.png", is_nft: 0, activate: 1 });
    expect(user.web3_public_keys).toEqual([{ type: key.type, address: key.address }]);
    expect(registered.body.data.api_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await call<{ user: { id: number } }>("POST", "/api/me", { token: registered.body.data.api_token });
    expect(me.body.data.user.id).toBe(user.id);

    const loggedIn = await login(await proofFor(key));
    expect(loggedIn.status).toBe(200);
    const loginUser = WalletLoginUserSchema.strict().parse(loggedIn.body.data.user);
    expect(loginUser).toMatchObject({ id: user.id, username, email: null, likes: 0, posts: 0, last_post_time: null });
    expect(loggedIn.body.data.api_token).not.toBe(registered.body.data.api_token);
  });

  it.each(["form", "multipart"] as const)("accepts a %s body with wallet_type as a string", async (encoding) => {
    const user = await registerEvmUser();
    const { message } = await requestNonce(user.address, 5);
    const body = { web3_public_key: user.address, wallet_type: "5", signMsg: message, sign: await user.wallet.sign(message) };
    const response = await call<AuthData>("POST", "/api/wallet/login", { body, encoding });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(user.id);
  });

  it("answers 404 for an unregistered wallet and leaves its message usable for register", async () => {
    const key = evmKey();
    const proof = await proofFor(key);
    const response = await login(proof);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(expectedError("api", 40400));
    expect(response.body.description).toMatch(/register first/);
    const registered = await register({ ...proof, username: uniqueName("late"), photo_url: "" });
    expect(registered.status).toBe(200);
  });

  it("logs in instead when the address is already registered (endpoint 10's rule)", async () => {
    const key = evmKey();
    const first = await register({ ...(await proofFor(key)), username: uniqueName("first"), photo_url: "" });
    const second = await register({ ...(await proofFor(key)), username: uniqueName("second"), photo_url: "" });
    expect(second.status).toBe(200);
    const user = WalletRegisterUserSchema.strict().parse(second.body.data.user);
    expect(user.id).toBe(first.body.data.user.id);
    expect(user.username).toBe(first.body.data.user.username);
    expect(second.body.data.api_token).not.toBe(first.body.data.api_token);
    expect((await call("POST", "/api/me", { token: second.body.data.api_token })).status).toBe(200);
  });

  it("refuses a replayed message, on register and on login", async () => {
    const key = evmKey();
    const proof = await proofFor(key);
    expect((await register({ ...proof, username: uniqueName("once"), photo_url: "" })).status).toBe(200);
    const username = uniqueName("replay");
    for (const response of [await register({ ...proof, username, photo_url: "" }), await login(proof)]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(expectedError("api", 40103));
      expect(response.body.description).toMatch(/already been used/);
    }
    expect(await findUsername(username)).toBeNull();
  });

  it("lets exactly one of two racing registrations with the same message through", async () => {
    const key = evmKey();
    const proof = await proofFor(key);
    const responses = await Promise.all([
      register({ ...proof, username: uniqueName("race"), photo_url: "" }),
      register({ ...proof, username: uniqueName("race"), photo_url: "" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
    expect(await (await getDb()).wallet.count({ where: { address: key.address } })).toBe(1);
  });

  // Endpoint 10's rule holds under a race too: a retry sent while the first call is in flight logs in.
  it("logs in every concurrent registration of one wallet, each with its own message", async () => {
    const key = evmKey();
    const proofs = [];
    for (let index = 0; index < 8; index++) proofs.push(await proofFor(key));
    const responses = await Promise.all(proofs.map((proof) => register({ ...proof, username: uniqueName("same"), photo_url: "" })));
    expect(responses.map((response) => response.body.description)).toEqual(Array(8).fill(""));
    expect(new Set(responses.map((response) => response.body.data.user.id)).size).toBe(1);
    expect(await (await getDb()).wallet.count({ where: { address: key.address } })).toBe(1);
  });

  const failures: Array<[string, () => Promise<Record<string, unknown>>, number, number, RegExp]> = [
    [
      "an expired message",
      async () => {
        const key = evmKey();
        const proof = await proofFor(key);
        const nonce = /Nonce: (\S+)/.exec(proof.signMsg)![1]!;
        await (await getDb()).walletNonce.update({ where: { nonce }, data: { expiresAt: new Date(Date.now() - 1000) } });
        return proof;
      },
      401,
      40103,
      /expired/,
    ],
    [
      "a message issued for another address",
      async () => {
        const key = evmKey();
        const other = evmKey();
        return { ...(await proofFor(other, key)), web3_public_key: key.key };
      },
      401,
      40103,
      /another wallet/,
    ],
    [
      "a message issued for another wallet type",
      async () => {
        const key = evmKey(5);
        return { ...(await proofFor(key)), wallet_type: 1 };
      },
      401,
      40103,
      /another wallet/,
    ],
    ["a signature by another key", async () => proofFor(evmKey(), evmKey()), 401, 40103, /sign is not a valid signature/],
    ["a malformed signature", async () => ({ ...(await proofFor(evmKey())), sign: "0x1234" }), 401, 40103, /sign is not a valid/],
    ["a permaweb signature by another key", async () => proofFor(permawebKey(), permawebKey()), 401, 40103, /sign is not a valid/],
    [
      "a tampered message",
      async () => {
        const proof = await proofFor(evmKey());
        return { ...proof, signMsg: proof.signMsg.replace("Sign in to", "Sign on to") };
      },
      401,
      40103,
      /not a sign-in message/,
    ],
    [
      "a message this server never issued",
      async () => {
        const key = evmKey();
        const proof = await proofFor(key);
        const forged = proof.signMsg.replace(/Nonce: \S+/, "Nonce: ffffffffffffffffffffffffffffffff");
        return { ...proof, signMsg: forged, sign: await key.sign(forged) };
      },
      401,
      40103,
      /not issued by this server/,
    ],
    [
      "a missing sign",
      async () => {
        return { ...(await proofFor(evmKey())), sign: undefined };
      },
      400,
      40000,
      /^sign: is required/,
    ],
    [
      "a missing signMsg",
      async () => {
        return { ...(await proofFor(evmKey(1))), signMsg: undefined };
      },
      400,
      40000,
      /^signMsg: is required/,
    ],
    ["a missing sign for a permaweb wallet", async () => ({ ...(await proofFor(permawebKey())), sign: "" }), 400, 40000, /^sign: is required/],
  ];

  it.each(failures)("refuses %s and creates nothing", async (_label, makeBody, status, code, description) => {
    const body = await makeBody();
    const username = uniqueName("fail");
    const db = await getDb();
    const usersBefore = await db.user.count();
    for (const response of [await register({ ...body, username, photo_url: "" }), await login(body)]) {
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(expectedError("api", code));
      expect(response.body.description).toMatch(description);
    }
    expect(await findUsername(username)).toBeNull();
    expect(await db.user.count()).toBe(usersBefore);
  });

  it("answers 409 for a taken username (case-insensitively), and the message stays usable", async () => {
    const taken = await registerEvmUser();
    const key = evmKey();
    const proof = await proofFor(key);
    const response = await register({ ...proof, username: taken.username.toUpperCase(), photo_url: "" });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject(expectedError("api", 40900));
    expect(response.body.description).toMatch(/username/);
    expect(await findWallet(key.address)).toBeNull();
    expect((await register({ ...proof, username: uniqueName("free"), photo_url: "" })).status).toBe(200);
  });

  it.each([
    ["a one-character username", { username: "a" }, /^username: must be at least 2/],
    ["a 33-character username", { username: "u".repeat(33) }, /^username: must be at most 32/],
    ["a missing username", { username: undefined }, /^username: is required/],
    ["a non-http photo_url", { photo_url: "javascript:alert(1)" }, /^photo_url: must be an http\(s\) URL/],
    ["a missing photo_url", { photo_url: undefined }, /^photo_url: is required/],
  ])("refuses %s with 400", async (_label, override, description) => {
    const key = evmKey();
    const body = { ...(await proofFor(key)), username: uniqueName("v"), photo_url: "", ...override };
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(description);
    expect(await findWallet(key.address)).toBeNull();
  });

  it("answers 400 for a web wallet (type 4) when no provider is configured", async () => {
    const body = { web3_public_key: "someone@web", wallet_type: 4, web3_wallet_auth_code: "abc" };
    for (const response of [await login(body), await register({ ...body, username: uniqueName("web"), photo_url: "" })]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(expectedError("api", 40000));
      expect(response.body.description).toMatch(/no web-wallet provider is configured/);
    }
    expect(await findWallet("someone@web")).toBeNull();
  });
});

describe("POST /api/v2/purse/register (endpoint 14)", () => {
  it("binds a wallet without proof, returns no token, and the wallet then needs a signed login", async () => {
    const wallet = createEvmTestWallet();
    const username = uniqueName("purse");
    const response = await call<{ user: unknown }>("POST", "/api/v2/purse/register", {
      body: { web3_public_key: wallet.checksumAddress, username },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    expect(Object.keys(response.body.data)).toEqual(["user"]);
    const user = PurseRegisterUserSchema.strict().parse(response.body.data.user);
    // Every me field but the timestamps; the secret is withheld from a caller who proved nothing.
    expect(user).toMatchObject({ username, photo_url: "", is_nfc: 0, is_nft: 0, groups: [], widget_secret: "" });
    expect(user.web3_public_keys).toEqual([{ type: 5, address: wallet.address }]);
    expect(new URL(user.referral_url).origin).toBe(inject("baseUrl"));

    const unsigned = await login({ web3_public_key: wallet.address, wallet_type: 5 });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.description).toMatch(/^sign: is required/);
    const signed = await login(await proofFor({ type: 5, key: wallet.address, address: wallet.address, sign: wallet.sign }));
    expect(signed.status).toBe(200);
    expect(signed.body.data.user.id).toBe(user.id);
  });

  it("answers 409 for an address that is already registered", async () => {
    const existing = await registerEvmUser();
    const response = await call("POST", "/api/v2/purse/register", {
      body: { web3_public_key: existing.wallet.checksumAddress, username: uniqueName("dup"), photo_url: "" },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject(expectedError("v2", 40900));
    expect(response.body.description).toMatch(/web3_public_key/);
  });

  it.each([
    ["a permaweb modulus", () => ({ web3_public_key: createPermawebTestWallet().publicKey }), /web3_public_key/],
    ["a taken username", async () => ({ username: (await registerEvmUser()).username }), /username/],
    ["a bad photo_url", () => ({ photo_url: "ftp://x" }), /^photo_url/],
  ])("refuses %s", async (_label, makeOverride, description) => {
    const override = await makeOverride();
    const body = { web3_public_key: createEvmTestWallet().address, username: uniqueName("p"), ...override };
    const response = await call("POST", "/api/v2/purse/register", { body });
    expect([400, 409]).toContain(response.status);
    expect(response.body.description).toMatch(description);
  });
});

describe("API key on the wallet endpoints", () => {
  it.each([
    ["GET", "/api/wallet/nonce", "api"],
    ["POST", "/api/wallet/login", "api"],
    ["POST", "/api/wallet/register", "api"],
    ["POST", "/api/v2/purse/register", "v2"],
  ] as const)("%s %s without a key is 401 40100", async (method, path, family) => {
    const response = await call(method, path, { apiKey: false, body: method === "POST" ? {} : undefined });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError(family, 40100));
  });
});
