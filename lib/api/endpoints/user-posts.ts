import "server-only";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeUserPost } from "@/lib/api/serializers/user-post";
import { serializeWalletPost } from "@/lib/api/serializers/wallet-post";
import { normalizeWalletKey } from "@/lib/auth/wallet/wallet-address";
import { WALLET_TYPES } from "@/lib/auth/wallet/wallet-types";
import { toPageWindow } from "@/lib/db/thread-lists";
import { findUserIdByWallet, findUsername, listLikedPosts, listUserPosts, listWalletPosts } from "@/lib/db/user-posts";
import {
  UserPostsParamsSchema,
  WalletPostListParamsSchema,
  type UserPostDto,
  type WalletPostDto,
} from "@/lib/schemas/user-post-schemas";

/**
 * The stored spellings a web3_public_key may have: EVM addresses are stored lower-case, and a
 * permaweb wallet is stored under the hash of the modulus a client sends as its public key.
 */
function walletAddressCandidates(key: string): string[] {
  const candidates = new Set([key]);
  const permaweb = normalizeWalletKey(WALLET_TYPES.permaweb, key);
  if (permaweb.ok) candidates.add(permaweb.address);
  return [...candidates];
}

/** Endpoint 11: a wallet owner's posts, newest first. */
export async function loadWalletPosts(input: { web3PublicKey: string; page: number; perPage: number }): Promise<WalletPostDto[]> {
  const key = input.web3PublicKey.trim();
  const candidates = /^0x[0-9a-f]{40}$/i.test(key) ? [key.toLowerCase()] : walletAddressCandidates(key);
  const userId = await findUserIdByWallet(candidates);
  if (userId === null) throw notFound("user");
  const rows = await listWalletPosts({ userId, ...toPageWindow(input.page, input.perPage) });
  return rows.map(serializeWalletPost);
}

/** Endpoint 13: a user's posts, or (filter "likes") the posts they liked; Agora has no tips yet. */
export async function loadUserPostsById(input: {
  userId: number;
  page: number;
  perPage: number;
  filter?: "tips" | "likes";
}): Promise<UserPostDto[]> {
  const username = await findUsername(input.userId);
  if (username === null) throw notFound("user");
  const window = { userId: input.userId, ...toPageWindow(input.page, input.perPage) };
  if (input.filter === "tips") return [];
  if (input.filter === "likes") return (await listLikedPosts(window)).map((row) => serializeUserPost(row, username));
  return (await listUserPosts(window)).map((row) => serializeUserPost(row, ""));
}

// GET /api/user/post/list
export const getWalletPostList = defineEndpoint({ auth: "optional", params: WalletPostListParamsSchema }, async ({ params }) => ({
  posts: await loadWalletPosts({ web3PublicKey: params.web3_public_key, page: params.page, perPage: params.per_page }),
}));

// GET /api/v2/users/{user_id}/posts
export const getUserPosts = defineEndpoint({ auth: "optional", params: UserPostsParamsSchema }, async ({ params }) => ({
  user_posts: await loadUserPostsById({
    userId: params.user_id,
    page: params.page,
    perPage: params.per_page,
    filter: params.filter,
  }),
}));
