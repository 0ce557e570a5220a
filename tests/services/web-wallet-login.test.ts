import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The server under test has no web-wallet provider (tests/api covers that 400), so type 4 is
// driven here in-process against a fake provider that speaks the protocol of lib/services/web-wallet.ts.

// Nothing that reads the environment may be imported statically (fixtures included): see beforeAll.
const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

type WalletAuth = typeof import("@/lib/services/wallet-auth");
type WebWallet = typeof import("@/lib/services/web-wallet");

const received: unknown[] = [];
let provider: http.Server;
let providerUrl: string;
let auth: WalletAuth;
let webWallet: WebWallet;
let findWallet: (address: string) => Promise<unknown>;

function answer(code: unknown, response: http.ServerResponse) {
  if (typeof code === "string" && code.startsWith("good:")) {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ address: code.slice(5) }));
  } else if (code === "garbled") {
    response.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
  } else if (code === "down") {
    response.writeHead(503).end();
  } else {
    response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid code" }));
  }
}

// Services speak in domain errors; the API maps unauthenticated → 40103, invalid → 40000, unavailable → 50000.
async function expectDomainError(promise: Promise<unknown>, kind: string, description: RegExp) {
  await expect(promise).rejects.toMatchObject({ kind, message: expect.stringMatching(description) });
}

beforeAll(async () => {
  provider = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const parsed = JSON.parse(body || "{}") as { code?: unknown };
      received.push({ method: request.method, type: request.headers["content-type"], body: parsed });
      answer(parsed.code, response);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/exchange`;
  // getEnv() reads the environment once, so the provider is set before the services load.
  process.env.AGORA_WEB_WALLET_URL = providerUrl;
  auth = await import("@/lib/services/wallet-auth");
  webWallet = await import("@/lib/services/web-wallet");
  const { getDb } = await import("@/lib/db/engine/client");
  findWallet = async (address) => (await getDb()).wallet.findUnique({ where: { address } });
});

afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

describe("web wallet (type 4) through the provider", () => {
  it("posts {code} as JSON and reads {address}", async () => {
    await expect(webWallet.requestWebWalletAddress(providerUrl, "good:alice@web")).resolves.toBe("alice@web");
    expect(received.at(-1)).toEqual({ method: "POST", type: "application/json", body: { code: "good:alice@web" } });
  });

  it("registers with an auth code, then logs in with another", async () => {
    const address = `${uniqueName("web")}@wallet`;
    const registered = await auth.registerWithWallet({
      walletType: 4,
      web3PublicKey: address,
      webWalletAuthCode: `good:${address}`,
      username: uniqueName("webuser"),
      photoUrl: "",
    });
    expect(registered.created).toBe(true);
    const loggedIn = await auth.loginWithWallet({ walletType: 4, web3PublicKey: address, webWalletAuthCode: `good:${address}` });
    expect(loggedIn.userId).toBe(registered.userId);
    expect(loggedIn.token).not.toBe(registered.token);
  });

  it.each([
    ["a rejected code", "nope", "unauthenticated", /rejected by the web-wallet provider/],
    ["a code for another wallet", "good:someone-else@web", "unauthenticated", /belongs to another wallet/],
    ["a missing code", undefined, "invalid", /^web3_wallet_auth_code: is required/],
    ["a provider answer that is not JSON", "garbled", "unavailable", /unusable answer/],
    ["a provider failure", "down", "unavailable", /unusable answer/],
  ])("refuses %s and registers nothing", async (_label, code, errorKind, description) => {
    const address = `${uniqueName("web")}@wallet`;
    const input = { walletType: 4 as const, web3PublicKey: address, webWalletAuthCode: code, username: uniqueName("w"), photoUrl: "" };
    await expectDomainError(auth.registerWithWallet(input), errorKind, description);
    await expectDomainError(auth.loginWithWallet(input), errorKind, description);
    expect(await findWallet(address)).toBeNull();
  });

  it("answers 404 for a proven but unregistered web wallet", async () => {
    const address = `${uniqueName("web")}@wallet`;
    await expectDomainError(
      auth.loginWithWallet({ walletType: 4, web3PublicKey: address, webWalletAuthCode: `good:${address}` }),
      "not_found",
      /register first/,
    );
  });
});
