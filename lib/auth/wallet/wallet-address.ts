import "server-only";

import { createHash } from "node:crypto";

import { decodeBase64Url, encodeBase64Url } from "./wallet-encoding";
import { isEvmStyle, WALLET_TYPES, type WalletType } from "@/lib/schemas/wallet-types";

export type NormalizedWalletKey = { ok: true; address: string; publicKey: string | null } | { ok: false; error: string };

const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const MIN_MODULUS_BYTES = 256;
const MAX_MODULUS_BYTES = 1024;
const MAX_WEB_WALLET_KEY_LENGTH = 128;

export function normalizeWalletKey(walletType: WalletType, web3PublicKey: string): NormalizedWalletKey {
  const key = web3PublicKey.trim();
  if (key === "") return { ok: false, error: "web3_public_key is required." };
  if (isEvmStyle(walletType)) return normalizeEvmAddress(key);
  if (walletType === WALLET_TYPES.permaweb) return normalizePermawebModulus(key);
  return normalizeWebWalletKey(key);
}

export function derivePermawebAddress(modulus: Uint8Array): string {
  return encodeBase64Url(createHash("sha256").update(modulus).digest());
}

// Lowercase is the stored form so that checksummed and plain spellings meet.
function normalizeEvmAddress(key: string): NormalizedWalletKey {
  if (!EVM_ADDRESS_PATTERN.test(key)) {
    return { ok: false, error: "web3_public_key must be a 0x-prefixed 20-byte hex address." };
  }
  return { ok: true, address: key.toLowerCase(), publicKey: null };
}

function normalizePermawebModulus(key: string): NormalizedWalletKey {
  const modulus = decodeBase64Url(key);
  if (!modulus) return { ok: false, error: "web3_public_key must be a base64url RSA modulus." };
  if (modulus.length < MIN_MODULUS_BYTES || modulus.length > MAX_MODULUS_BYTES) {
    return { ok: false, error: "web3_public_key must be a 2048- to 8192-bit RSA modulus." };
  }
  // A leading zero byte would give the same key a second address; an even
  // number cannot be a product of two large primes.
  const first = modulus[0] ?? 0;
  const last = modulus[modulus.length - 1] ?? 0;
  if (first === 0 || last % 2 === 0) {
    return { ok: false, error: "web3_public_key is not a valid RSA modulus." };
  }
  return { ok: true, address: derivePermawebAddress(modulus), publicKey: encodeBase64Url(modulus) };
}

function normalizeWebWalletKey(key: string): NormalizedWalletKey {
  if (key.length > MAX_WEB_WALLET_KEY_LENGTH) {
    return { ok: false, error: `web3_public_key must be at most ${MAX_WEB_WALLET_KEY_LENGTH} characters.` };
  }
  // The address is echoed into the signed message, which is parsed line by line.
  if (/\p{Cc}/u.test(key)) {
    return { ok: false, error: "web3_public_key must not contain control characters." };
  }
  return { ok: true, address: key, publicKey: null };
}
