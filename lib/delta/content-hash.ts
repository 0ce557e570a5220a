import canonicalize from "canonicalize";
import { keccak256, stringToBytes, type Hex } from "viem";

// The hash a signed post's typed data carries (contract section 19): keccak256 of the UTF-8 bytes
// of the content's canonical JSON (RFC 8785), so the same delta hashes alike however its keys and
// numbers were written. Pure and browser-safe: the composer hashes what it is about to sign.
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("value has no canonical JSON form");
  return text;
}

export function contentHash(contentJson: string): Hex {
  return keccak256(stringToBytes(canonicalJson(JSON.parse(contentJson))));
}
