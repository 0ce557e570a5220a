import { describe, expect, inject, it } from "vitest";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { createEvmTestWallet, createPermawebTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { call, expectedError } from "../support/api-client";
import { uniqueName } from "../support/fixtures";
import { registerEvmUser, requestNonce, type WalletUser } from "../support/wallet-flow";

// Sign-In with Ethereum (EIP-4361): every field of the signed message is checked against this site,
// so a copy of the site, another action or another chain cannot reuse a signature.

// The test server names no AGORA_PUBLIC_URL, so it names http://localhost:<its port>.
const site = () => {
  const port = new URL(inject("baseUrl")).port;
  return { domain: `localhost:${port}`, uri: `http://localhost:${port}` };
};

type AuthData = { user: { id: number }; api_token: string };
const login = (body: Record<string, unknown>) => call<AuthData>("POST", "/api/wallet/login", { body });
const register = (body: Record<string, unknown>) => call<AuthData>("POST", "/api/wallet/register", { body });
const createGroup = (user: WalletUser, signed: { signMsg: string; signature: string }, name = uniqueName("siwe")) =>
  call<{ user: unknown }>("POST", "/api/group/create", {
    token: user.token,
    body: { title: "A group", name, description: "About things", cover: "", logo: "", uid: user.id, ...signed },
  });

async function evmProof(wallet: EvmTestWallet, purpose?: "sign_in" | "create_group") {
  const { message } = await requestNonce(wallet.checksumAddress, 5, purpose);
  return { web3_public_key: wallet.checksumAddress, wallet_type: 5, signMsg: message, sign: await wallet.sign(message) };
}

async function findGroup(name: string) {
  return (await getDb()).group.findUnique({ where: { name: name.toLowerCase() } });
}

function expectRefused(response: { status: number; body: { description?: unknown } }, description: RegExp) {
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject(expectedError("api", 40103));
  expect(response.body.description).toMatch(description);
}

describe("GET /api/wallet/nonce issues an EIP-4361 message", () => {
  it.each([
    [undefined, /^Sign in to Agora\./],
    ["sign_in", /^Sign in to Agora\./],
    ["create_group", /^Create a group on Agora\./],
  ] as const)("with purpose %s: this site's domain, URI and chain, the wallet's address and the nonce", async (purpose, statement) => {
    const wallet = createEvmTestWallet();
    const issued = await requestNonce(wallet.address, 5, purpose);
    const message = parseSiweMessage(issued.message);
    expect(message).toMatchObject({ scheme: "http", ...site(), chainId: 1, version: "1", address: wallet.checksumAddress, nonce: issued.nonce });
    expect(message.statement).toMatch(statement);
    expect(message.expirationTime?.toISOString()).toBe(issued.expires_at.replace(/(\.\d{3})\d{3}Z$/, "$1Z"));
    expect(validateSiweMessage({ message, domain: site().domain, scheme: "http", nonce: issued.nonce, address: wallet.checksumAddress as `0x${string}` })).toBe(
      true,
    );
  });

  it("gives a permaweb wallet the same fields under its own address", async () => {
    const wallet = createPermawebTestWallet();
    const { message } = await requestNonce(wallet.publicKey, 3);
    const lines = message.split("\n");
    expect(lines.slice(0, 2)).toEqual([`${site().uri} wants you to sign in with your Permaweb account:`, wallet.address]);
    expect(lines).toEqual(expect.arrayContaining([`URI: ${site().uri}`, "Version: 1", "Chain ID: 1"]));
  });

  it("refuses an unknown purpose with 400", async () => {
    const response = await call("GET", "/api/wallet/nonce", {
      query: { web3_public_key: createEvmTestWallet().address, wallet_type: 5, purpose: "transfer" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("api", 40000));
    expect(response.body.description).toMatch(/^purpose: must be one of sign_in, create_group, link_wallet/);
  });
});

describe("a signed message is valid only for this site, its chain and its purpose", () => {
  it("refuses a replayed sign-in message", async () => {
    const user = await registerEvmUser();
    const proof = await evmProof(user.wallet);
    expect((await login(proof)).status).toBe(200);
    expectRefused(await login(proof), /already been used/);
  });

  it("refuses a create_group message for login and register, and it stays usable for create group", async () => {
    const user = await registerEvmUser();
    const proof = await evmProof(user.wallet, "create_group");
    expectRefused(await login(proof), /issued for creating a group, not signing in/);
    const fresh = createEvmTestWallet();
    const freshProof = await evmProof(fresh, "create_group");
    const username = uniqueName("cross");
    expectRefused(await register({ ...freshProof, username, photo_url: "" }), /issued for creating a group/);
    expect(await (await getDb()).user.findUnique({ where: { usernameKey: username.toLowerCase() } })).toBeNull();

    const name = uniqueName("later");
    expect((await createGroup(user, { signMsg: proof.signMsg, signature: proof.sign }, name)).status).toBe(200);
    expect(await findGroup(name)).not.toBeNull();
  });

  it("refuses a sign-in message for create group and creates nothing; it stays usable for login", async () => {
    const user = await registerEvmUser();
    const proof = await evmProof(user.wallet);
    const name = uniqueName("nope");
    expectRefused(await createGroup(user, { signMsg: proof.signMsg, signature: proof.sign }, name), /issued for signing in, not creating a group/);
    expect(await findGroup(name)).toBeNull();
    expect((await login(proof)).status).toBe(200);
  });

  // What a copy of the site would collect: the same text with its own domain, signed by the wallet.
  it.each([
    [
      "another domain",
      (message: string) => message.replace(/^http:\/\/localhost:\d+ /, "http://agora-login.example "),
      /issued for another site \(http:\/\/agora-login\.example\)/,
    ],
    ["another scheme", (message: string) => message.replace(/^http:/, "https:"), /issued for another site/],
    ["another URI", (message: string) => message.replace(/\nURI: [^\n]+/, "\nURI: https://agora-login.example"), /issued for another site/],
    ["another chain", (message: string) => message.replace("\nChain ID: 1\n", "\nChain ID: 10\n"), /names chain 10; this site signs in on chain 1/],
    [
      "a changed statement",
      (message: string) => message.replace(". It proves", " and approve all transfers. It proves"),
      /not a sign-in message issued by this server/,
    ],
  ])("refuses a message re-signed with %s, on login and on create group", async (_label, alter, description) => {
    const user = await registerEvmUser();
    const signIn = await evmProof(user.wallet);
    const altered = alter(signIn.signMsg);
    expect(altered).not.toBe(signIn.signMsg);
    expectRefused(await login({ ...signIn, signMsg: altered, sign: await user.wallet.sign(altered) }), description);

    const { message } = await requestNonce(user.address, 5, "create_group");
    const alteredGroup = alter(message);
    expect(alteredGroup).not.toBe(message);
    const name = uniqueName("alt");
    const response = await createGroup(user, { signMsg: alteredGroup, signature: await user.wallet.sign(alteredGroup) }, name);
    expect(response.status).toBe(401);
    expect(await findGroup(name)).toBeNull();
    // Neither refusal spent the real message.
    expect((await login(signIn)).status).toBe(200);
  });

  it("refuses an expired message", async () => {
    const user = await registerEvmUser();
    const proof = await evmProof(user.wallet);
    const nonce = /\nNonce: (\w+)\n/.exec(proof.signMsg)![1]!;
    await (await getDb()).walletNonce.update({ where: { nonce }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectRefused(await login(proof), /expired/);
  });

  it("lets exactly one of two create-group requests racing with one message through", async () => {
    const user = await registerEvmUser();
    const { message } = await requestNonce(user.address, 5, "create_group");
    const signed = { signMsg: message, signature: await user.wallet.sign(message) };
    const names = [uniqueName("raceA"), uniqueName("raceB")];
    const responses = await Promise.all(names.map((name) => createGroup(user, signed, name)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
    const created = await Promise.all(names.map(findGroup));
    expect(created.filter(Boolean)).toHaveLength(1);
  });
});
