import { afterAll, describe, expect, it } from "vitest";
import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { uniqueName } from "../support/fixtures";
import { countRows, sendRaw } from "../support/hardening";
import { registerEvmUser, requestNonce, type WalletUser } from "../support/wallet-flow";

// EIP-4361 sign-in messages under attack (contract section 6): replayed, used for another
// purpose, another site or chain, expired, tampered and re-signed, signed by or claimed for
// another address. Every attempt is a 401 40103 on login, register and create group alike,
// and creates nothing: no user, wallet, token or group, no row of any table, and the nonce a
// refused attempt named is not spent unless the attempt itself was its one legitimate use.

type Purpose = "sign_in" | "create_group";

interface Proof {
  web3_public_key: string;
  signMsg: string;
  sign: string;
}

interface Attack {
  /** Builds the refused proof for `wallet` (a registered user's for login and create group, a fresh one for register). */
  build: (wallet: EvmTestWallet, purpose: Purpose) => Promise<Proof>;
  /** Which purposes the attack is tried for (default both). */
  purposes?: readonly Purpose[];
}

async function issue(wallet: EvmTestWallet, purpose: Purpose): Promise<Proof> {
  const { message } = await requestNonce(wallet.checksumAddress, 5, purpose);
  return { web3_public_key: wallet.checksumAddress, signMsg: message, sign: await wallet.sign(message) };
}

/** A message this server issued, changed by `alter`, then signed by the wallet itself: a copy of the site would collect these. */
function reSigned(alter: (message: string) => string): Attack["build"] {
  return async (wallet, purpose) => {
    const issued = await issue(wallet, purpose);
    const altered = alter(issued.signMsg);
    expect(altered).not.toBe(issued.signMsg);
    return { ...issued, signMsg: altered, sign: await wallet.sign(altered) };
  };
}

const other = createEvmTestWallet();

const ATTACKS: Record<string, Attack> = {
  "a replayed message": {
    build: async (wallet, purpose) => {
      const proof = await issue(wallet, purpose);
      // Its one legitimate use: a login, or a group created with it.
      const used =
        purpose === "sign_in"
          ? await sendRaw("POST", "/api/wallet/login", { ...proof, wallet_type: 5 })
          : await createGroupWith(usersByWallet.get(wallet.address)!, proof);
      // A fresh wallet has no account to log in to: the message is then spent by register.
      if (used.status === 404)
        expect((await sendRaw("POST", "/api/wallet/register", { ...proof, wallet_type: 5, username: uniqueName("once"), photo_url: "" })).status).toBe(200);
      else expect(used.status, used.text).toBe(200);
      return proof;
    },
  },
  "a message issued for the other purpose": {
    build: async (wallet, purpose) => issue(wallet, purpose === "sign_in" ? "create_group" : "sign_in"),
  },
  "a message from another domain": { build: reSigned((m) => m.replace(/^http:\/\/localhost:\d+ /, "http://agora-login.example ")) },
  "a message naming another URI": { build: reSigned((m) => m.replace(/\nURI: [^\n]+/, "\nURI: http://agora-login.example")) },
  "a message naming another chain": { build: reSigned((m) => m.replace("\nChain ID: 1\n", "\nChain ID: 137\n")) },
  "a message of another EIP-4361 version": { build: reSigned((m) => m.replace("\nVersion: 1\n", "\nVersion: 2\n")) },
  "a message with a changed statement": { build: reSigned((m) => m.replace(". It proves", ", and approve every transfer. It proves")) },
  "a message with a nonce never issued": { build: reSigned((m) => m.replace(/\nNonce: \w+\n/, "\nNonce: 00000000000000000000000000000000\n")) },
  "a message with a later expiry": { build: reSigned((m) => m.replace(/\nExpiration Time: [^\n]+/, "\nExpiration Time: 2099-01-01T00:00:00.000Z")) },
  "a message with an added resource": { build: reSigned((m) => `${m}\nResources:\n- https://agora-login.example/approve`) },
  "a message naming another address": { build: reSigned((m) => m.replace(/\n(0x[0-9a-fA-F]{40})\n/, `\n${other.checksumAddress}\n`)) },
  "an expired message": {
    build: async (wallet, purpose) => {
      const proof = await issue(wallet, purpose);
      const nonce = /\nNonce: (\w+)\n/.exec(proof.signMsg)![1]!;
      await (await getDb()).walletNonce.update({ where: { nonce }, data: { expiresAt: new Date(Date.now() - 1000) } });
      return proof;
    },
  },
  "a message signed by another wallet": {
    build: async (wallet, purpose) => {
      const proof = await issue(wallet, purpose);
      return { ...proof, sign: await other.sign(proof.signMsg) };
    },
  },
  "a signature over other text": {
    build: async (wallet, purpose) => {
      const proof = await issue(wallet, purpose);
      return { ...proof, sign: await wallet.sign(`${proof.signMsg} `) };
    },
  },
  "another wallet's message and signature, claimed for this address": {
    build: async (wallet, purpose) => ({ ...(await issue(other, purpose)), web3_public_key: wallet.checksumAddress }),
    purposes: ["sign_in"],
  },
};

const usersByWallet = new Map<string, WalletUser>();
let attempts = 0;

function createGroupWith(user: WalletUser, proof: Proof, name = uniqueName("replay")) {
  return sendRaw(
    "POST",
    "/api/group/create",
    { title: "A group", name, description: "About things", cover: "", logo: "", uid: user.id, signMsg: proof.signMsg, signature: proof.sign },
    { token: user.token },
  );
}

/** The attempt is a 401 40103 and no table gained or lost a row. */
async function expectRefusedAndNothingCreated(attempt: () => Promise<{ status: number; body: unknown; text: string }>) {
  const before = await countRows();
  const answer = await attempt();
  expect({ status: answer.status, code: (answer.body as { code?: unknown }).code }, answer.text).toEqual({ status: 401, code: 40103 });
  expect(await countRows()).toEqual(before);
  attempts += 1;
}

afterAll(() => {
  console.log(
    `sign-in-replay: ${attempts} refused sign-in attempts (${Object.keys(ATTACKS).length} attacks on login, register and create group), none created anything`,
  );
});

describe("EIP-4361 messages that must not sign anyone in", () => {
  describe.each(Object.entries(ATTACKS))("%s", (_label, attack) => {
    const purposes = attack.purposes ?? (["sign_in", "create_group"] as const);

    it.runIf(purposes.includes("sign_in"))("is refused by login", async () => {
      const user = await registerEvmUser();
      usersByWallet.set(user.wallet.address, user);
      const proof = await attack.build(user.wallet, "sign_in");
      await expectRefusedAndNothingCreated(() => sendRaw("POST", "/api/wallet/login", { ...proof, wallet_type: 5 }));
    });

    it.runIf(purposes.includes("sign_in"))("is refused by register", async () => {
      const wallet = createEvmTestWallet();
      const proof = await attack.build(wallet, "sign_in");
      const username = uniqueName("replay");
      await expectRefusedAndNothingCreated(() => sendRaw("POST", "/api/wallet/register", { ...proof, wallet_type: 5, username, photo_url: "" }));
    });

    it.runIf(purposes.includes("create_group"))("is refused by create group", async () => {
      const user = await registerEvmUser();
      usersByWallet.set(user.wallet.address, user);
      const proof = await attack.build(user.wallet, "create_group");
      const name = uniqueName("replay");
      await expectRefusedAndNothingCreated(() => createGroupWith(user, proof, name));
      expect(await (await getDb()).group.findUnique({ where: { name } })).toBeNull();
    });
  });
});
