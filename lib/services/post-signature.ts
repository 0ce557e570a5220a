import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { Hex } from "viem";
import { postSignatureDigest, verifyPostSignature, type CheckedTypedData } from "@/lib/auth/wallet/post-signature";
import { findGroupHandle, type GroupKey } from "@/lib/db/groups";
import { claimPostSignature, isPostSignatureUsed, listSigningWallets, type SigningWallet } from "@/lib/db/post-signatures";
import type { Tx } from "@/lib/db/engine/transaction";
import {
  EIP712_DOMAIN_FIELDS,
  POST_DOMAIN_NAME,
  POST_DOMAIN_VERSION,
  POST_PRIMARY_TYPE,
  ZERO_HASH,
  postTypeFields,
  type PostAuthorType,
} from "@/lib/delta/post-typed-data";
import { getEnv } from "@/lib/env";
import { Invalid, NotFound } from "@/lib/errors";
import { isEvmStyle, isWalletType, WALLET_TYPES, type WalletType } from "@/lib/schemas/wallet-types";

// Contract section 19: a post, reply or edit may carry its author's wallet signature over EIP-712
// typed data naming where it goes and what it says. Every field is checked against the request,
// then the signature; the used-signature row is written with the post, in its transaction.

/** `sign` and `sign_msg` as sent; both absent (or "") for an unsigned write. */
export interface PostSignatureClaim {
  sign?: string | null;
  signMsg?: string | null;
}

/** What the signed typed data must say for this write. */
export interface SignatureTarget {
  group: GroupKey;
  /** 0 for a new thread. */
  threadId: number;
  /** 0 for none. */
  parentId: number;
  /** The new thread's title, else "". */
  title: string;
  /** The content as it will be stored (normalised delta JSON). */
  content: string;
  /** For an edit, the content it replaces. */
  previousContent: string | null;
}

/** A signature that holds, ready to store with the post. */
export interface PostSignature {
  sign: string;
  signMsg: string;
  /** The contentHash signed (0x hex, lower case). */
  signData: Hex;
  signerAddress: string;
  signerType: WalletType;
  digest: Hex;
}

/**
 * canonicalize (behind contentHash) ships ESM only, with no `require` export, and the scripts run
 * by tsx (the seed, openapi:write, bench) load this module as CommonJS: it is loaded when a
 * signature is checked, which those scripts never do, not when this module is.
 */
const loadContentHash = async () => (await import("@/lib/delta/content-hash")).contentHash;

const TIMESTAMP_WINDOW_SECONDS = 600;
const MESSAGE_FIELDS = postTypeFields("address").map((field) => field.name);
const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

function refuse(field: string, detail: string): never {
  throw new Invalid(field, detail);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function readUint(value: unknown, field: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^\d{1,78}$/.test(value)) return BigInt(value);
  refuse(field, "must be an unsigned integer (a number or a decimal string)");
}

function readHash(value: unknown, field: string): Hex {
  if (typeof value !== "string" || !HASH_PATTERN.test(value)) refuse(field, "must be 32 bytes as 0x hex");
  return value.toLowerCase() as Hex;
}

function parseSignMsg(signMsg: string): { domain: Record<string, unknown>; types: unknown; message: Record<string, unknown> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signMsg);
  } catch {
    refuse("sign_msg", "must be EIP-712 typed data as JSON ({types, primaryType, domain, message})");
  }
  if (!isRecord(parsed) || !isRecord(parsed.domain) || !isRecord(parsed.message) || !isRecord(parsed.types)) {
    refuse("sign_msg", "must be EIP-712 typed data as JSON ({types, primaryType, domain, message})");
  }
  const extra = Object.keys(parsed).find((key) => !["types", "primaryType", "domain", "message"].includes(key));
  if (extra !== undefined) refuse("sign_msg", `has an unknown key "${extra}"`);
  if (parsed.primaryType !== POST_PRIMARY_TYPE) refuse("sign_msg.primaryType", `must be "${POST_PRIMARY_TYPE}"`);
  return { domain: parsed.domain, types: parsed.types, message: parsed.message };
}

function findAuthorWallet(author: unknown, wallets: readonly SigningWallet[]): SigningWallet & { type: WalletType } {
  if (typeof author !== "string" || author === "") refuse("sign_msg.author", "must be one of your wallets' addresses");
  const address = EVM_ADDRESS_PATTERN.test(author) ? author.toLowerCase() : author;
  const wallet = wallets.find((candidate) => candidate.address === address);
  if (!wallet || !isWalletType(wallet.type)) refuse("sign_msg.author", "is not one of your wallets");
  if (!isEvmStyle(wallet.type) && wallet.type !== WALLET_TYPES.permaweb) refuse("sign_msg.author", "is a web wallet, which cannot sign posts");
  return wallet as SigningWallet & { type: WalletType };
}

function checkLayout(types: unknown, domain: Record<string, unknown>, authorType: PostAuthorType): bigint {
  const expected = { EIP712Domain: EIP712_DOMAIN_FIELDS, Post: postTypeFields(authorType) };
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(types)), JSON.parse(JSON.stringify(expected)))) {
    const post = expected.Post.map((field) => `${field.name} ${field.type}`).join(", ");
    refuse("sign_msg.types", `must be exactly EIP712Domain (name string, version string, chainId uint256) and Post (${post})`);
  }
  const chainId = getEnv().AGORA_SIGN_CHAIN_ID;
  const keys = Object.keys(domain).sort().join(",");
  if (keys !== "chainId,name,version" || domain.name !== POST_DOMAIN_NAME || domain.version !== POST_DOMAIN_VERSION) {
    refuse("sign_msg.domain", `must be {name: "${POST_DOMAIN_NAME}", version: "${POST_DOMAIN_VERSION}", chainId: ${chainId}}`);
  }
  const signedChain = readUint(domain.chainId, "sign_msg.domain.chainId");
  if (signedChain !== BigInt(chainId)) refuse("sign_msg.domain.chainId", `is ${signedChain}; this site signs posts on chain ${chainId}`);
  return signedChain;
}

function checkMessage(
  message: Record<string, unknown>,
  target: SignatureTarget & { groupName: string },
  now: number,
  contentHash: (content: string) => Hex,
): Record<string, string | bigint> {
  const extra = Object.keys(message).find((key) => !MESSAGE_FIELDS.includes(key));
  if (extra !== undefined) refuse(`sign_msg.message.${extra}`, "is not a field of Post");
  if (message.group !== target.groupName) refuse("sign_msg.group", "must be the group's name (its handle)");
  const thread = readUint(message.thread, "sign_msg.thread");
  if (thread !== BigInt(target.threadId)) refuse("sign_msg.thread", `must be ${target.threadId}${target.threadId === 0 ? " for a new thread" : ""}`);
  const parent = readUint(message.parent, "sign_msg.parent");
  if (parent !== BigInt(target.parentId)) refuse("sign_msg.parent", `must be ${target.parentId}${target.parentId === 0 ? " (no parent)" : ""}`);
  if (message.title !== target.title)
    refuse("sign_msg.title", target.title === "" ? 'must be "" for a post that starts no thread' : "must be the thread's title");
  const signedHash = readHash(message.contentHash, "sign_msg.contentHash");
  if (signedHash !== contentHash(target.content)) refuse("sign_msg.contentHash", "does not match content (keccak256 of its RFC 8785 canonical JSON)");
  const previous = readHash(message.previous, "sign_msg.previous");
  const expectedPrevious = target.previousContent === null ? ZERO_HASH : contentHash(target.previousContent);
  if (previous !== expectedPrevious) {
    refuse(
      "sign_msg.previous",
      target.previousContent === null ? "must be zero when nothing is replaced" : "must be the contentHash of the content this edit replaces",
    );
  }
  const timestamp = readUint(message.timestamp, "sign_msg.timestamp");
  const skew = Number(timestamp) - now;
  if (Math.abs(skew) > TIMESTAMP_WINDOW_SECONDS) {
    refuse("sign_msg.timestamp", `is ${Math.abs(skew)} s ${skew < 0 ? "behind" : "ahead of"} the server's clock; it must be within 10 minutes`);
  }
  return { author: message.author as string, group: target.groupName, thread, parent, title: target.title, contentHash: signedHash, previous, timestamp };
}

/**
 * Checks a write's signature against its target and the writer's wallets; null when the write is
 * unsigned. Reads only: the signature becomes used by claimSignature, in the write's transaction.
 */
export async function checkPostSignature(userId: number, claim: PostSignatureClaim, target: SignatureTarget): Promise<PostSignature | null> {
  const sign = claim.sign || null;
  const signMsg = claim.signMsg || null;
  if (sign === null && signMsg === null) return null;
  if (signMsg === null) refuse("sign_msg", "is required with sign");
  if (sign === null) refuse("sign", "is required with sign_msg");
  const { domain, types, message } = parseSignMsg(signMsg);
  const [wallets, group] = await Promise.all([listSigningWallets(userId), findGroupHandle(target.group)]);
  if (!group) throw new NotFound("group");
  const wallet = findAuthorWallet(message.author, wallets);
  const authorType: PostAuthorType = isEvmStyle(wallet.type) ? "address" : "string";
  const chainId = checkLayout(types, domain, authorType);
  const checked = checkMessage(message, { ...target, groupName: group.name }, Math.floor(Date.now() / 1000), await loadContentHash());
  const typedData: CheckedTypedData = {
    domain: { name: POST_DOMAIN_NAME, version: POST_DOMAIN_VERSION, chainId },
    postFields: postTypeFields(authorType),
    message: checked,
  };
  const input = { walletType: wallet.type, address: wallet.address, publicKey: wallet.publicKey, typedData, signMsg, signature: sign };
  if (!(await verifyPostSignature(input))) refuse("sign", `is not a valid signature of sign_msg by ${wallet.address}`);
  const digest = postSignatureDigest(input);
  if (await isPostSignatureUsed(digest)) refuse("sign", "has been used before: sign each post and edit anew");
  return { sign, signMsg, signData: checked.contentHash as Hex, signerAddress: wallet.address, signerType: wallet.type, digest };
}

/** Marks the signature used by `postId`, inside the write's transaction: a replay racing this write fails here and rolls back. */
export async function claimSignature(tx: Tx, signature: PostSignature, postId: number): Promise<void> {
  if (!(await claimPostSignature(tx, { digest: signature.digest, signature: signature.sign, postId }))) {
    refuse("sign", "has been used before: sign each post and edit anew");
  }
}

/**
 * A stored signature checked again, as anyone holding its proof would: the typed data as stored
 * (its own domain, so a later change of AGORA_SIGN_CHAIN_ID does not unverify old posts) must name
 * the stored content's hash, and the signature must be the signer's over it. Never throws.
 */
export async function recheckStoredSignature(stored: {
  content: string;
  sign: string;
  signMsg: string;
  signerAddress: string;
  signerType: number;
  signerPublicKey: string | null;
}): Promise<boolean> {
  try {
    if (!isWalletType(stored.signerType)) return false;
    const { domain, message } = parseSignMsg(stored.signMsg);
    const authorType: PostAuthorType = isEvmStyle(stored.signerType) ? "address" : "string";
    const signedHash = readHash(message.contentHash, "contentHash");
    const contentHash = await loadContentHash();
    if (signedHash !== contentHash(stored.content)) return false;
    const author = typeof message.author === "string" ? message.author : "";
    if ((EVM_ADDRESS_PATTERN.test(author) ? author.toLowerCase() : author) !== stored.signerAddress) return false;
    const typedData: CheckedTypedData = {
      domain: { name: String(domain.name), version: String(domain.version), chainId: readUint(domain.chainId, "chainId") },
      postFields: postTypeFields(authorType),
      message: {
        author,
        group: String(message.group),
        thread: readUint(message.thread, "thread"),
        parent: readUint(message.parent, "parent"),
        title: String(message.title),
        contentHash: signedHash,
        previous: readHash(message.previous, "previous"),
        timestamp: readUint(message.timestamp, "timestamp"),
      },
    };
    const input = { walletType: stored.signerType, address: stored.signerAddress, publicKey: stored.signerPublicKey, typedData, signMsg: stored.signMsg };
    return await verifyPostSignature({ ...input, signature: stored.sign });
  } catch {
    return false;
  }
}
