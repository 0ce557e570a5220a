import "server-only";

import { constants, createPublicKey, verify } from "node:crypto";
import { recoverMessageAddress } from "viem";

import { normalizeWalletKey } from "./wallet-address";
import { decodeBase64Url } from "./wallet-encoding";
import { isEvmStyle, WALLET_TYPES, type WalletType } from "@/lib/schemas/wallet-types";

export interface WalletSignatureInput {
  walletType: WalletType;
  address: string;
  publicKey: string | null;
  message: string;
  signature: string;
}

// r (32) + s (32) + v (1); viem rejects anything else, we check first to avoid a throw.
const EVM_SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/;
const PSS_SALT_LENGTH = 32;

// Never throws: every malformed input is simply an unproven claim.
export async function verifyWalletSignature(input: WalletSignatureInput): Promise<boolean> {
  try {
    if (isEvmStyle(input.walletType)) return await verifyEvmSignature(input);
    if (input.walletType === WALLET_TYPES.permaweb) return verifyPermawebSignature(input);
    return false;
  } catch {
    return false;
  }
}

async function verifyEvmSignature({ address, message, signature }: WalletSignatureInput): Promise<boolean> {
  if (!EVM_SIGNATURE_PATTERN.test(signature)) return false;
  const recovered = await recoverMessageAddress({ message, signature: signature as `0x${string}` });
  return recovered.toLowerCase() === address.toLowerCase();
}

function verifyPermawebSignature({ address, publicKey, message, signature }: WalletSignatureInput): boolean {
  if (publicKey === null) return false;
  // The caller's address must really be the hash of this modulus, or a valid
  // signature by one key could be credited to another account.
  const normalized = normalizeWalletKey(WALLET_TYPES.permaweb, publicKey);
  if (!normalized.ok || normalized.address !== address || normalized.publicKey === null) return false;

  const signatureBytes = decodeBase64Url(signature);
  if (!signatureBytes) return false;
  const key = createPublicKey({ key: { kty: "RSA", n: normalized.publicKey, e: "AQAB" }, format: "jwk" });
  return verify("sha256", Buffer.from(message, "utf8"), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS_SALT_LENGTH }, signatureBytes);
}
