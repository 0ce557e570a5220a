import type { Hex } from "viem";

// The EIP-712 typed data a signed post carries (contract section 19), in the layout
// eth_signTypedData_v4 takes. Pure and browser-safe: the composer builds it to sign, the server
// rebuilds the expected layout to compare, and packages/agora-verify checks the same shape.

export const POST_DOMAIN_NAME = "Agora";
export const POST_DOMAIN_VERSION = "1";
export const POST_PRIMARY_TYPE = "Post";
export const ZERO_HASH: Hex = `0x${"0".repeat(64)}`;

/** EVM wallets sign with `author` an address; a permaweb wallet's base64url address is a string. */
export type PostAuthorType = "address" | "string";

export interface TypedField {
  name: string;
  type: string;
}

export const EIP712_DOMAIN_FIELDS: readonly TypedField[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
];

export function postTypeFields(authorType: PostAuthorType): TypedField[] {
  return [
    { name: "author", type: authorType },
    { name: "group", type: "string" },
    { name: "thread", type: "uint256" },
    { name: "parent", type: "uint256" },
    { name: "title", type: "string" },
    { name: "contentHash", type: "bytes32" },
    { name: "previous", type: "bytes32" },
    { name: "timestamp", type: "uint64" },
  ];
}

/** What a post's signature says: its author, where it goes and which content it replaces. */
export type PostSignedFields = {
  author: string;
  /** The group's `name` (its handle). */
  group: string;
  /** 0 for a new thread. */
  thread: number;
  /** 0 for none. */
  parent: number;
  /** The new thread's title, else "". */
  title: string;
  contentHash: Hex;
  /** The contentHash an edit replaces, else ZERO_HASH. */
  previous: Hex;
  /** Seconds. */
  timestamp: number;
};

export interface PostTypedData {
  types: { EIP712Domain: TypedField[]; Post: TypedField[] };
  primaryType: typeof POST_PRIMARY_TYPE;
  domain: { name: string; version: string; chainId: number };
  message: PostSignedFields;
}

export function buildPostTypedData(fields: PostSignedFields, chainId: number, authorType: PostAuthorType = "address"): PostTypedData {
  return {
    types: { EIP712Domain: [...EIP712_DOMAIN_FIELDS], Post: postTypeFields(authorType) },
    primaryType: POST_PRIMARY_TYPE,
    domain: { name: POST_DOMAIN_NAME, version: POST_DOMAIN_VERSION, chainId },
    message: fields,
  };
}

/** "0x1234…abcd": how a page names the wallet that signed. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
