import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { readableGroupsWhere } from "@/lib/db/memberships";
import type { PageWindow } from "@/lib/db/pagination";

// Public listings show live posts in live threads only; a removed post stays out of every list.
const LIVE_POST: Prisma.PostWhereInput = { deleted: 0, thread: { isDelete: 0 } };

export const WALLET_POST_SELECT = {
  id: true,
  threadId: true,
  createdAt: true,
  updatedAt: true,
  content: true,
  parentId: true,
  userId: true,
  nsfw: true,
  deleted: true,
  sign: true,
  deletedById: true,
  groupId: true,
  archiveId: true,
  replyUid: true,
  likesCount: true,
  reportCount: true,
  thread: { select: { categoryId: true, category: { select: { name: true } } } },
} satisfies Prisma.PostSelect;

export type WalletPostRow = Prisma.PostGetPayload<{ select: typeof WALLET_POST_SELECT }>;

const USERNAME = { select: { username: true } } as const;

export const USER_POST_SELECT = {
  id: true,
  createdAt: true,
  threadId: true,
  userId: true,
  sign: true,
  signMsg: true,
  content: true,
  archiveId: true,
  parentId: true,
  depth: true,
  groupId: true,
  deleted: true,
  deletedById: true,
  nsfw: true,
  user: { select: { username: true, photoUrl: true } },
  group: { select: { name: true, title: true } },
  thread: { select: { title: true, userId: true, firstPostId: true, user: USERNAME } },
  parent: { select: { user: USERNAME } },
} satisfies Prisma.PostSelect;

export type UserPostRow = Prisma.PostGetPayload<{ select: typeof USER_POST_SELECT }>;

/** The user a wallet address belongs to; `addresses` are the stored spellings the key may have. */
export async function findUserIdByWallet(addresses: string[]): Promise<number | null> {
  const db = await getDb();
  const wallet = await db.wallet.findFirst({ where: { address: { in: addresses } }, select: { userId: true } });
  return wallet?.userId ?? null;
}

export async function findUsername(userId: number): Promise<string | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { username: true } });
  return user?.username ?? null;
}

/** A user's live posts, newest first (index posts(user_id, id desc)); each list picks its own select. */
/** Whose eyes a list is for: posts of groups they may not read are left out (contract section 14). null: a guest; "all": a site super_admin. */
export type PostReader = number | null | "all";

function readablePosts(reader: PostReader): Prisma.PostWhereInput {
  return reader === "all" ? {} : { group: readableGroupsWhere(reader) };
}

function userPostsPage(input: { userId: number; reader: PostReader } & PageWindow) {
  return {
    where: { userId: input.userId, ...LIVE_POST, ...readablePosts(input.reader) },
    orderBy: { id: "desc" as const },
    skip: input.skip,
    take: input.take,
  };
}

export async function listWalletPosts(input: { userId: number; reader: PostReader } & PageWindow): Promise<WalletPostRow[]> {
  const db = await getDb();
  return db.post.findMany({ ...userPostsPage(input), select: WALLET_POST_SELECT });
}

export async function listUserPosts(input: { userId: number; reader: PostReader } & PageWindow): Promise<UserPostRow[]> {
  const db = await getDb();
  return db.post.findMany({ ...userPostsPage(input), select: USER_POST_SELECT });
}

/** The posts a user liked, most recently liked first (index post_likes(user_id)). */
export async function listLikedPosts(input: { userId: number; reader: PostReader } & PageWindow): Promise<UserPostRow[]> {
  const db = await getDb();
  const likes = await db.postLike.findMany({
    where: { userId: input.userId, post: { ...LIVE_POST, ...readablePosts(input.reader) } },
    orderBy: { id: "desc" },
    skip: input.skip,
    take: input.take,
    select: { postId: true },
  });
  if (likes.length === 0) return [];
  const posts = await db.post.findMany({
    where: { id: { in: likes.map((like) => like.postId) } },
    select: USER_POST_SELECT,
  });
  const byId = new Map(posts.map((post) => [post.id, post]));
  return likes.map((like) => byId.get(like.postId)).filter((post): post is UserPostRow => post !== undefined);
}
