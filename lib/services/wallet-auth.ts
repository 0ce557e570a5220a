import "server-only";
import { issueUserToken } from "@/lib/auth/tokens";
import { normalizeWalletKey } from "@/lib/auth/wallet/wallet-address";
import { readSignInSite } from "@/lib/auth/wallet/sign-in-site";
import { buildWalletMessage, generateNonce, statementFor } from "@/lib/auth/wallet/wallet-message";
import type { WalletPurpose } from "@/lib/schemas/wallet-purposes";
import { isEvmStyle, isWalletType, WALLET_TYPES, type WalletType } from "@/lib/schemas/wallet-types";
import { inTransaction } from "@/lib/db/engine/transaction";
import { findWalletByAddress, insertWalletNonce, type WalletOwner } from "@/lib/db/wallets";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import { parseField } from "@/lib/services/parse-field";
import { requireActiveAccount } from "@/lib/services/site-admin";
import { createUserWithWallet } from "@/lib/services/users";
import { checkWalletProof, consumeWalletProof, type WalletProof } from "@/lib/services/wallet-proof";
import { proveWebWallet } from "@/lib/services/web-wallet";

export const NONCE_TTL_MS = 10 * 60_000;
// Spent and expired nonces are kept a while (for support questions), then pruned by the periodic
// maintenance job (lib/services/maintenance.ts).
export const NONCE_RETENTION_MS = 60 * 60_000;

export interface WalletLoginInput {
  walletType: WalletType;
  web3PublicKey: string;
  sign?: string;
  signMsg?: string;
  webWalletAuthCode?: string;
}

export interface WalletRegisterInput extends WalletLoginInput {
  username: string;
  photoUrl: string;
}

type NormalizedKey = { address: string; publicKey: string | null };

/** The stored form of a wallet's key (lowercase EVM address, permaweb address and modulus), or a 400 naming web3_public_key. */
export function normalizeOrThrow(walletType: WalletType, web3PublicKey: string): NormalizedKey {
  const key = normalizeWalletKey(walletType, web3PublicKey);
  if (!key.ok) throw new Invalid("web3_public_key", key.error.replace(/^web3_public_key /, ""), key.error);
  return key;
}

/**
 * Contract section 6: GET /api/wallet/nonce. An EIP-4361 message naming this site, its chain, the
 * address and what the signature allows (`purpose`); stored, so only this exact text is accepted, once.
 */
export async function issueWalletNonce(input: { web3PublicKey: string; walletType: WalletType; purpose?: WalletPurpose }) {
  if (input.walletType === WALLET_TYPES.webWallet) {
    throw new Invalid("wallet_type", "a web wallet (4) signs in with web3_wallet_auth_code and needs no message");
  }
  const key = normalizeOrThrow(input.walletType, input.web3PublicKey);
  const site = readSignInSite();
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + NONCE_TTL_MS);
  const nonce = generateNonce();
  const message = buildWalletMessage({
    scheme: site.scheme,
    domain: site.domain,
    uri: site.uri,
    chainId: site.chainId,
    address: key.address,
    account: input.walletType === WALLET_TYPES.permaweb ? "permaweb" : "ethereum",
    statement: statementFor(input.purpose ?? "sign_in", site.name),
    nonce,
    issuedAt,
    expiresAt,
  });
  await insertWalletNonce({ nonce, address: key.address, walletType: input.walletType, message, expiresAt });
  return { nonce, message, expiresAt };
}

/** Types 1, 2, 5 and 3 prove with a signed nonce message (returned, to consume); type 4 with an auth code. */
async function proveOwnership(input: WalletLoginInput, key: NormalizedKey): Promise<WalletProof | null> {
  if (input.walletType === WALLET_TYPES.webWallet) {
    await proveWebWallet(input.webWalletAuthCode, key.address);
    return null;
  }
  const claim = { walletType: input.walletType, address: key.address, publicKey: key.publicKey, sign: input.sign, signMsg: input.signMsg };
  return checkWalletProof(claim, "sign_in");
}

// 1, 2 and 5 are the same secp256k1 key under three names; other kinds never share an address.
function isSameWalletKind(stored: number, claimed: WalletType): boolean {
  if (stored === claimed) return true;
  return isWalletType(stored) && isEvmStyle(stored) && isEvmStyle(claimed);
}

async function startSession(wallet: WalletOwner, proof: WalletProof | null) {
  // A suspended account's proof stays unspent: it is refused before anything is written.
  await requireActiveAccount(wallet.userId);
  if (proof) await consumeWalletProof(proof);
  return { userId: wallet.userId, token: await issueUserToken(wallet.userId) };
}

/** Endpoint 8. A failed proof changes nothing; an unregistered wallet is a 404 and keeps its message usable for register. */
export async function loginWithWallet(input: WalletLoginInput): Promise<{ userId: number; token: string }> {
  const key = normalizeOrThrow(input.walletType, input.web3PublicKey);
  const proof = await proveOwnership(input, key);
  const wallet = await findWalletByAddress(key.address);
  if (!wallet || !isSameWalletKind(wallet.type, input.walletType)) {
    throw new NotFound("user", "no account for this wallet; register first");
  }
  return startSession(wallet, proof);
}

/** Endpoint 10. An already registered wallet logs in instead (with the same proof rules). */
export async function registerWithWallet(input: WalletRegisterInput): Promise<{ userId: number; token: string; created: boolean }> {
  const key = normalizeOrThrow(input.walletType, input.web3PublicKey);
  const username = parseField(UsernameSchema, input.username, "username");
  const photoUrl = parseField(PhotoUrlSchema, input.photoUrl, "photo_url");
  const proof = await proveOwnership(input, key);

  const existing = await findWalletByAddress(key.address);
  if (existing) {
    if (!isSameWalletKind(existing.type, input.walletType)) {
      throw new Conflict("web3_public_key is registered with another wallet type", "web3_public_key");
    }
    return { ...(await startSession(existing, proof)), created: false };
  }
  // The nonce is spent in the same transaction as the insert, so a taken username leaves it usable.
  try {
    const user = await inTransaction(async (tx) => {
      if (proof) await consumeWalletProof(proof, tx);
      const wallet = { type: input.walletType, address: key.address, publicKey: key.publicKey };
      return createUserWithWallet({ username, photoUrl, wallet }, tx);
    });
    return { userId: user.id, token: await issueUserToken(user.id), created: true };
  } catch (error) {
    // A concurrent register of the same wallet won the race (a client retrying a lost answer):
    // this call logs in instead, as when the wallet was registered before it began.
    const winner = error instanceof Conflict ? await findWalletByAddress(key.address) : null;
    if (winner && isSameWalletKind(winner.type, input.walletType)) return { ...(await startSession(winner, proof)), created: false };
    throw error;
  }
}

/** Endpoint 14: binds an EVM-style address without proof and starts no session (contract section 6). */
export async function registerPurse(input: { web3PublicKey: string; username: string; photoUrl?: string }): Promise<{ userId: number }> {
  const key = normalizeOrThrow(WALLET_TYPES.evm, input.web3PublicKey);
  const username = parseField(UsernameSchema, input.username, "username");
  const photoUrl = parseField(PhotoUrlSchema, input.photoUrl ?? "", "photo_url");
  if (await findWalletByAddress(key.address)) throw new Conflict("web3_public_key: this wallet is already registered", "web3_public_key");
  const wallet = { type: WALLET_TYPES.evm, address: key.address, publicKey: null };
  const user = await createUserWithWallet({ username, photoUrl, wallet });
  return { userId: user.id };
}

/** Whether an EVM address already has an account, so the sign-in page asks a newcomer for a username first. */
export async function isWalletRegistered(address: string): Promise<boolean> {
  const key = normalizeWalletKey(WALLET_TYPES.evm, address);
  return key.ok && (await findWalletByAddress(key.address)) !== null;
}
