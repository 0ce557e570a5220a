import "server-only";
import type { UserBriefDto } from "@/lib/schemas/post-schemas";

export interface UserBriefSource {
  id: number;
  photoUrl: string;
  username: string;
  isNft: number;
}

/** The short user record embedded in threads and posts: {id, photo_url, username, is_nft}. */
export function serializeUserBrief(user: UserBriefSource): UserBriefDto {
  return { id: user.id, photo_url: user.photoUrl, username: user.username, is_nft: user.isNft };
}
