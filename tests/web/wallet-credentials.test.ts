import { beforeAll, describe, expect, it } from "vitest";
import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";

// The browser session's credentials provider: it must accept exactly what the API's wallet
// login and register accept (same services), and turn their refusals into words for people.
type Credentials = typeof import("@/lib/session/wallet-credentials");
type WalletAuth = typeof import("@/lib/services/wallet-auth");
type Tokens = typeof import("@/lib/auth/tokens");

let credentials: Credentials;
let walletAuth: WalletAuth;
let tokens: Tokens;

beforeAll(async () => {
  credentials = await import("@/lib/session/wallet-credentials");
  walletAuth = await import("@/lib/services/wallet-auth");
  tokens = await import("@/lib/auth/tokens");
});

async function signedCredentials(wallet: EvmTestWallet, username = "") {
  const { message } = await walletAuth.issueWalletNonce({ web3PublicKey: wallet.checksumAddress, walletType: 5 });
  return { address: wallet.checksumAddress, message, signature: await wallet.sign(message), username };
}

const uniqueUsername = () => `cred_${Math.random().toString(36).slice(2, 10)}`;

describe("authorizeWalletCredentials", () => {
  it("registers a new wallet with a username, then logs it in; each session holds a live Agora token", async () => {
    const wallet = createEvmTestWallet();
    const username = uniqueUsername();
    const registered = await credentials.authorizeWalletCredentials(await signedCredentials(wallet, username));
    expect(registered).not.toBeNull();
    const first = await tokens.verifyUserToken(registered!.apiToken);
    expect(first?.userId).toBe(Number(registered!.id));

    const loggedIn = await credentials.authorizeWalletCredentials(await signedCredentials(wallet));
    expect(loggedIn?.id).toBe(registered!.id);
    expect(loggedIn?.apiToken).not.toBe(registered!.apiToken);

    const refreshed = await credentials.refreshSessionToken({ apiToken: loggedIn!.apiToken });
    expect(refreshed).toMatchObject({ userId: Number(registered!.id), name: username, picture: "" });
  });

  it("asks an unknown wallet for a username instead of failing obscurely", async () => {
    await expect(credentials.authorizeWalletCredentials(await signedCredentials(createEvmTestWallet()))).rejects.toThrow(
      "This wallet has no Agora account yet. Choose a username to create one.",
    );
  });

  it("refuses a signature by another key, and a replayed message", async () => {
    const wallet = createEvmTestWallet();
    await credentials.authorizeWalletCredentials(await signedCredentials(wallet, uniqueUsername()));
    const forged = await signedCredentials(wallet);
    forged.signature = await createEvmTestWallet().sign(forged.message);
    await expect(credentials.authorizeWalletCredentials(forged)).rejects.toThrow("We could not verify that signature");

    const used = await signedCredentials(wallet);
    await credentials.authorizeWalletCredentials(used);
    await expect(credentials.authorizeWalletCredentials(used)).rejects.toThrow("We could not verify that signature");
  });

  it("says when a username is taken or malformed", async () => {
    const taken = uniqueUsername();
    await credentials.authorizeWalletCredentials(await signedCredentials(createEvmTestWallet(), taken));
    await expect(credentials.authorizeWalletCredentials(await signedCredentials(createEvmTestWallet(), taken.toUpperCase()))).rejects.toThrow(
      "That username is already taken. Please choose another.",
    );
    await expect(credentials.authorizeWalletCredentials(await signedCredentials(createEvmTestWallet(), "x"))).rejects.toThrow(
      "Username must be at least 2 characters",
    );
  });

  it("ends the session once its token is revoked (sign out, or /api/logout)", async () => {
    const wallet = createEvmTestWallet();
    const user = await credentials.authorizeWalletCredentials(await signedCredentials(wallet, uniqueUsername()));
    const verified = await tokens.verifyUserToken(user!.apiToken);
    await tokens.revokeUserToken(verified!.tokenId);
    await expect(credentials.refreshSessionToken({ apiToken: user!.apiToken })).rejects.toBeInstanceOf(credentials.SessionRevokedError);
    await expect(credentials.refreshSessionToken({})).rejects.toBeInstanceOf(credentials.SessionRevokedError);
  });
});
