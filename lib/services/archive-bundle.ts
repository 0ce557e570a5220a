import { CID } from "multiformats/cid";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";
import { canonicalJson, contentHash } from "@/lib/delta/content-hash";
import { formatApiTimestamp } from "@/lib/schemas/api-timestamp";

// What a post's revision is archived as (contract section 19): its canonical JSON, addressed by an
// IPFS CIDv1 (raw codec, sha2-256, base32) that anyone can recompute from the bytes alone.
export type ArchiveBundleInput = {
  postId: number;
  threadId: number;
  /** The group's `name` (its handle), not its title. */
  groupName: string;
  /** The signing wallet's address; for an unsigned post the author's first wallet. */
  author: string;
  /** The delta as stored (JSON text). */
  content: string;
  sign: string | null;
  signMsg: string | null;
  /** The post's creation time, or the revision's for a revision. */
  createdAt: Date;
};

export type ArchiveBundle = { json: string; bytes: Uint8Array; cid: string };

export async function buildArchiveBundle(input: ArchiveBundleInput): Promise<ArchiveBundle> {
  const json = canonicalJson({
    post_id: input.postId,
    thread_id: input.threadId,
    group: input.groupName,
    author: input.author,
    content: input.content,
    content_hash: contentHash(input.content),
    sign: input.sign,
    sign_msg: input.signMsg,
    created_at: formatApiTimestamp(input.createdAt),
  });
  const bytes = new TextEncoder().encode(json);
  return { json, bytes, cid: await bundleCid(bytes) };
}

export async function bundleCid(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

/**
 * The bundle's `author`: the wallet that signed the revision (the `author` of its typed data), else
 * the author's first wallet. EVM addresses are kept lower-case, as wallets are stored.
 */
export function bundleAuthor(signMsg: string | null, firstWalletAddress: string): string {
  if (!signMsg) return firstWalletAddress;
  try {
    const author: unknown = (JSON.parse(signMsg) as { message?: { author?: unknown } }).message?.author;
    if (typeof author !== "string" || author === "") return firstWalletAddress;
    return /^0x[0-9a-fA-F]{40}$/.test(author) ? author.toLowerCase() : author;
  } catch {
    return firstWalletAddress;
  }
}
