import "server-only";
import { normalizeWalletKey } from "@/lib/auth/wallet/wallet-address";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { toPageWindow } from "@/lib/db/pagination";
import {
  findUserIdByWallet,
  findUsername,
  listLikedPosts,
  listUserPosts as listUserPostRows,
  listWalletPosts as listWalletPostRows,
  type PostReader,
  type UserPostRecord,
  type WalletPostRecord,
} from "@/lib/db/user-posts";
import { NotFound } from "@/lib/errors";
import type { DeletedBy } from "@/lib/db/records/codes";
import { canSeeDeletedContentAs, type Actor } from "@/lib/auth/permissions";
import { findModeratedGroupIds } from "@/lib/db/roles";
import { isSuperAdmin } from "@/lib/db/users";

/** Whose eyes a list of posts is for: only groups they may read (a site super_admin reads all). */
async function readerOf(actor: Actor): Promise<PostReader> {
  if (!actor) return null;
  return (await isSuperAdmin(actor.id)) ? "all" : actor.id;
}

/**
 * Deleted posts keep their place in a person's lists as in get thread (contract section 12): their
 * words ("[]" for everyone else) go only to the author and the moderators of the post's group.
 */
async function hideDeletedContent<Row extends { userId: number; groupId: number; deletedBy: DeletedBy; content: string }>(
  actor: Actor,
  reader: PostReader,
  rows: Row[],
): Promise<Row[]> {
  const deleted = rows.filter((row) => row.deletedBy !== null);
  if (deleted.length === 0 || reader === "all") return rows;
  const moderated = actor
    ? await findModeratedGroupIds(
        actor.id,
        deleted.map((row) => row.groupId),
      )
    : new Set<number>();
  return rows.map((row) => (row.deletedBy === null || canSeeDeletedContentAs(actor, row, moderated.has(row.groupId)) ? row : { ...row, content: "[]" }));
}

export interface UserPostsInput {
  userId: number;
  page: number;
  perPage: number;
  /** "likes": the posts the user liked; "tips": their posts that received tips (contract section 19). */
  filter?: "tips" | "likes";
}

export interface UserPostList {
  user: { id: number; username: string };
  filter: UserPostsInput["filter"];
  posts: UserPostRecord[];
}

/** Endpoint 13 and the profile page: a user's posts, newest first, or the posts they liked. */
export async function listUserPosts(actor: Actor, input: UserPostsInput): Promise<UserPostList> {
  const username = await findUsername(input.userId);
  if (username === null) throw new NotFound("user");
  const window = { userId: input.userId, reader: await readerOf(actor), ...toPageWindow(input.page, input.perPage) };
  const user = { id: input.userId, username };
  const rows = input.filter === "likes" ? await listLikedPosts(window) : await listUserPostRows({ ...window, tippedOnly: input.filter === "tips" });
  return { user, filter: input.filter, posts: await hideDeletedContent(actor, window.reader, rows) };
}

/**
 * The stored spellings a web3_public_key may have: EVM addresses are stored lower-case, and a
 * permaweb wallet is stored under the hash of the modulus a client sends as its public key.
 */
function walletAddressCandidates(key: string): string[] {
  if (/^0x[0-9a-f]{40}$/i.test(key)) return [key.toLowerCase()];
  const candidates = new Set([key]);
  const permaweb = normalizeWalletKey(WALLET_TYPES.permaweb, key);
  if (permaweb.ok) candidates.add(permaweb.address);
  return [...candidates];
}

/** Endpoint 11: a wallet owner's posts, newest first. */
export async function listWalletPosts(actor: Actor, input: { web3PublicKey: string; page: number; perPage: number }): Promise<WalletPostRecord[]> {
  const userId = await findUserIdByWallet(walletAddressCandidates(input.web3PublicKey.trim()));
  if (userId === null) throw new NotFound("user");
  const reader = await readerOf(actor);
  return hideDeletedContent(actor, reader, await listWalletPostRows({ userId, reader, ...toPageWindow(input.page, input.perPage) }));
}
