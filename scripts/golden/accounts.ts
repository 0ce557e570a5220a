import { privateKeyToAccount } from "viem/accounts";
import type { Recorder } from "./recorder";

// Users made the way a client makes them (tests/support/wallet-flow.ts): ask for a nonce, sign the
// message with the wallet (EIP-191), register. Fixed keys and names, so every run makes the same
// accounts; the nonce, the message's times and the token differ per run and are normalised.

export const WALLETS = {
  owner: { key: `0x${"a1".repeat(32)}`, username: "golden_owner" },
  member: { key: `0x${"b2".repeat(32)}`, username: "golden_member" },
  moderator: { key: `0x${"c3".repeat(32)}`, username: "golden_mod" },
  asker: { key: `0x${"d4".repeat(32)}`, username: "golden_asker" },
  latecomer: { key: `0x${"e5".repeat(32)}`, username: "golden_late" },
} as const;

export type WalletName = keyof typeof WALLETS;

export interface Account {
  id: number;
  address: string;
}

export function walletOf(name: WalletName) {
  return privateKeyToAccount(WALLETS[name].key as `0x${string}`);
}

/** nonce → personal_sign → the proof parameters of login and register. */
export async function signProof(rec: Recorder, step: string, name: WalletName): Promise<Record<string, unknown>> {
  const wallet = walletOf(name);
  const nonce = await rec.send(`${step}: nonce`, { path: "/api/wallet/nonce", query: { web3_public_key: wallet.address, wallet_type: 5 } });
  const message = String(nonce.json.data?.message ?? "");
  const sign = await wallet.signMessage({ message });
  rec.normaliser.forget(sign, "<wallet-signature>");
  return { web3_public_key: wallet.address, wallet_type: 5, signMsg: message, sign };
}

export async function registerAccount(rec: Recorder, name: WalletName): Promise<Account> {
  const proof = await signProof(rec, `register ${name}`, name);
  const answer = await rec.send(`register ${name}`, {
    method: "POST",
    path: "/api/wallet/register",
    body: { ...proof, username: WALLETS[name].username, photo_url: "" },
  });
  const data = answer.json.data as { user?: { id?: number }; api_token?: string } | undefined;
  if (answer.status !== 200 || !data?.user?.id || !data.api_token) throw new Error(`register ${name} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  rec.setToken(name, data.api_token);
  return { id: data.user.id, address: walletOf(name).address.toLowerCase() };
}

/** Register again with a registered address: the reference's rule makes it a login. */
export async function registerAgain(rec: Recorder, name: WalletName): Promise<void> {
  const proof = await signProof(rec, `register ${name} again`, name);
  const answer = await rec.send(`register ${name} again (logs in)`, {
    method: "POST",
    path: "/api/wallet/register",
    body: { ...proof, username: WALLETS[name].username, photo_url: "" },
  });
  const token = (answer.json.data as { api_token?: string } | undefined)?.api_token;
  if (token) rec.normaliser.forget(token, `<token:${name}-again>`);
}

export async function loginAccount(rec: Recorder, name: WalletName): Promise<void> {
  const proof = await signProof(rec, `login ${name}`, name);
  const answer = await rec.send(`login ${name}`, { method: "POST", path: "/api/wallet/login", body: proof, encoding: "form" });
  const token = (answer.json.data as { api_token?: string } | undefined)?.api_token;
  if (answer.status !== 200 || !token) throw new Error(`login ${name} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  rec.setToken(name, token);
}

/** Sign-in proofs refused: a message used once already, and a message signed by another wallet. */
export async function replayLogin(rec: Recorder, name: WalletName): Promise<void> {
  const proof = await signProof(rec, `replay ${name}`, name);
  await rec.send(`login ${name} with a fresh message`, { method: "POST", path: "/api/wallet/login", body: proof });
  await rec.send(`login ${name} replaying the same message`, { method: "POST", path: "/api/wallet/login", body: proof });
  const fresh = await signProof(rec, `foreign signature ${name}`, name);
  const foreign = await walletOf(name === "member" ? "moderator" : "member").signMessage({ message: String(fresh.signMsg) });
  rec.normaliser.forget(foreign, "<wallet-signature>");
  await rec.send(`login ${name} signed by another wallet`, { method: "POST", path: "/api/wallet/login", body: { ...fresh, sign: foreign } });
}
