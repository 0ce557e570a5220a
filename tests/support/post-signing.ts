import { signTypedData } from "viem/accounts";
import type { Hex } from "viem";
import { contentHash } from "@/lib/delta/content-hash";
import { buildPostTypedData, ZERO_HASH, type PostSignedFields, type PostTypedData } from "@/lib/delta/post-typed-data";
import type { EvmTestWallet, PermawebTestWallet } from "@/lib/auth/wallet/test-wallets";

// Signed posts (contract section 19) as a client makes them: the typed data, signed by a test key.

export interface SignedParams {
  sign: string;
  sign_msg: string;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The Post fields for `content` going to `place`, signed now by nobody yet. */
export function postFields(
  author: string,
  place: { group: string; thread?: number; parent?: number; title?: string; previous?: string },
  content: string,
): PostSignedFields {
  return {
    author,
    group: place.group,
    thread: place.thread ?? 0,
    parent: place.parent ?? 0,
    title: place.title ?? "",
    contentHash: contentHash(content),
    previous: place.previous === undefined ? ZERO_HASH : contentHash(place.previous),
    timestamp: nowSeconds(),
  };
}

/** Signs typed data (as eth_signTypedData_v4 would) with an EVM test key; the JSON sent is `typedData` as given. */
export async function signEvm(wallet: EvmTestWallet, typedData: PostTypedData | Record<string, unknown>): Promise<SignedParams> {
  // Tampered layouts are signed as they are, so viem's compile-time checks of the layout are set aside.
  const sign = await signTypedData({ ...(typedData as Parameters<typeof signTypedData>[0]), privateKey: wallet.privateKey });
  return { sign, sign_msg: JSON.stringify(typedData) };
}

/** The usual case: `content` to `place`, signed by `wallet` on chain 1. */
export async function signPostFor(wallet: EvmTestWallet, place: Parameters<typeof postFields>[1], content: string): Promise<SignedParams> {
  return signEvm(wallet, buildPostTypedData(postFields(wallet.checksumAddress, place, content), 1));
}

/** A permaweb wallet signs the UTF-8 bytes of sign_msg with RSA-PSS; its author is the base64url address, typed string. */
export function signPermaweb(wallet: PermawebTestWallet, place: Parameters<typeof postFields>[1], content: string): SignedParams {
  const signMsg = JSON.stringify(buildPostTypedData(postFields(wallet.address, place, content), 1, "string"));
  return { sign: wallet.sign(signMsg), sign_msg: signMsg };
}

/** Flips one hex digit in the middle of a signature: still well formed, no longer valid. */
export function tamperSignature(sign: string): Hex {
  const at = 40;
  const flipped = sign[at] === "0" ? "1" : "0";
  return `${sign.slice(0, at)}${flipped}${sign.slice(at + 1)}` as Hex;
}
