import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isSet } from "@/lib/db/records/codes";

/** A person as threads, posts and lists name them. */
export interface UserBrief {
  id: number;
  username: string;
  photoUrl: string;
  /** Their avatar is an NFT they hold (`users.is_nft`). */
  nft: boolean;
}

/** A post's author: the brief and when they were last seen (for `online`). */
export interface PostAuthor extends UserBrief {
  lastSeenAt: Date | null;
}

export const USER_BRIEF_SELECT = { id: true, username: true, photoUrl: true, isNft: true } satisfies Prisma.UserSelect;
export const POST_AUTHOR_SELECT = { ...USER_BRIEF_SELECT, lastSeenAt: true } satisfies Prisma.UserSelect;

export function readUserBrief(row: { id: number; username: string; photoUrl: string; isNft: number }): UserBrief {
  return { id: row.id, username: row.username, photoUrl: row.photoUrl, nft: isSet(row.isNft) };
}

export function readPostAuthor(row: { id: number; username: string; photoUrl: string; isNft: number; lastSeenAt: Date | null }): PostAuthor {
  return { ...readUserBrief(row), lastSeenAt: row.lastSeenAt };
}
