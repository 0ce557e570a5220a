import "server-only";

import { createHash } from "node:crypto";
import { hashTypedData, verifyTypedData, type Hex } from "viem";

import { verifyWalletSignature } from "./wallet-signature";
import { WALLET_TYPES, isEvmStyle, type WalletType } from "@/lib/schemas/wallet-types";
type TypedField = { name: string; type: string };

/** A signed post's typed data with its uint values as bigints, as viem hashes it. */
export interface CheckedTypedData {
  domain: { name: string; version: string; chainId: bigint };
  postFields: TypedField[];
  message: Record<string, string | bigint>;
}

export interface PostSignatureInput {
  walletType: WalletType;
  address: string;
  publicKey: string | null;
  typedData: CheckedTypedData;
  /** sign_msg exactly as sent: a permaweb wallet signs these bytes. */
  signMsg: string;
  signature: string;
}

const EVM_SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/;

function viemTypedData({ domain, postFields, message }: CheckedTypedData) {
  return { domain, types: { Post: postFields }, primaryType: "Post" as const, message };
}

/**
 * What makes a signed message single-use (used_post_signatures): the EIP-712 hash for EVM wallets,
 * so no other encoding of the same signature or the same data counts as new; SHA-256 of the bytes a
 * permaweb wallet signed.
 */
export function postSignatureDigest(input: Pick<PostSignatureInput, "walletType" | "typedData" | "signMsg">): Hex {
  if (isEvmStyle(input.walletType)) return hashTypedData(viemTypedData(input.typedData));
  return `0x${createHash("sha256").update(input.signMsg, "utf8").digest("hex")}`;
}

/** EVM: viem's verifyTypedData against the author's address; permaweb: RSA-PSS over sign_msg's UTF-8 (contract section 6). Never throws. */
export async function verifyPostSignature(input: PostSignatureInput): Promise<boolean> {
  try {
    if (isEvmStyle(input.walletType)) {
      if (!EVM_SIGNATURE_PATTERN.test(input.signature)) return false;
      return await verifyTypedData({ address: input.address as Hex, signature: input.signature as Hex, ...viemTypedData(input.typedData) });
    }
    if (input.walletType !== WALLET_TYPES.permaweb) return false;
    return await verifyWalletSignature({ ...input, message: input.signMsg });
  } catch {
    return false;
  }
}
