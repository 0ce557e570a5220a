import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// user_nft_avatars: the NFT a user shows as their avatar (contract section 19). users.is_nft is 1
// exactly while the user has a row; both change in one transaction.

export interface NftAvatar {
  userId: number;
  chainId: number;
  contract: string;
  tokenId: string;
  standard: "erc721" | "erc1155";
  /** The metadata's image, or "" when it could not be read. */
  imageUrl: string;
  /** The photo before the NFT, restored when it ends. */
  previousPhotoUrl: string;
  checkedAt: Date;
}

const SELECT = {
  userId: true,
  chainId: true,
  contract: true,
  tokenId: true,
  standard: true,
  imageUrl: true,
  previousPhotoUrl: true,
  checkedAt: true,
} as const;

function readAvatar(row: Omit<NftAvatar, "standard"> & { standard: string }): NftAvatar {
  return { ...row, standard: row.standard === "erc1155" ? "erc1155" : "erc721" };
}

export async function findNftAvatar(userId: number, tx?: Tx): Promise<NftAvatar | null> {
  const client = tx ?? (await getDb());
  const row = await client.userNftAvatar.findUnique({ where: { userId }, select: SELECT });
  return row ? readAvatar(row) : null;
}

/** The user's photo, their avatar row (locked) and nothing else: what a change of avatar starts from. */
export async function lockAvatarOwner(tx: Tx, userId: number): Promise<{ photoUrl: string; avatar: NftAvatar | null } | null> {
  const [row] = await tx.$queryRaw<{ photo_url: string }[]>`SELECT photo_url FROM users WHERE id = ${userId} FOR UPDATE`;
  if (!row) return null;
  return { photoUrl: row.photo_url, avatar: await findNftAvatar(userId, tx) };
}

/** Stores the avatar and shows `photoUrl` with is_nft 1. */
export async function saveNftAvatar(tx: Tx, avatar: Omit<NftAvatar, "checkedAt">, photoUrl: string, checkedAt: Date): Promise<void> {
  const { userId, ...fields } = avatar;
  await tx.userNftAvatar.upsert({ where: { userId }, create: { userId, ...fields, checkedAt }, update: { ...fields, checkedAt }, select: { userId: true } });
  await tx.user.update({ where: { id: userId }, data: { isNft: 1, photoUrl }, select: { id: true } });
}

/** Ends the avatar: is_nft 0, and the photo set to `photoUrl` when given. */
export async function deleteNftAvatar(tx: Tx, userId: number, photoUrl?: string): Promise<void> {
  await tx.userNftAvatar.deleteMany({ where: { userId } });
  await tx.user.update({ where: { id: userId }, data: { isNft: 0, ...(photoUrl === undefined ? {} : { photoUrl }) }, select: { id: true } });
}

/** Avatars whose holding was last read before `before`, oldest first. */
export async function listStaleNftAvatars(before: Date, limit: number): Promise<NftAvatar[]> {
  const db = await getDb();
  const rows = await db.userNftAvatar.findMany({ where: { checkedAt: { lt: before } }, select: SELECT, orderBy: { checkedAt: "asc" }, take: limit });
  return rows.map(readAvatar);
}

export async function markNftAvatarChecked(userId: number, at: Date): Promise<void> {
  const db = await getDb();
  await db.userNftAvatar.updateMany({ where: { userId }, data: { checkedAt: at } });
}
