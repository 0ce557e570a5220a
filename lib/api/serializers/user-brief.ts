import "server-only";
import { flagCode } from "@/lib/db/records/codes";
import type { UserBrief } from "@/lib/db/records/user-brief";
import type { UserBriefDto } from "@/lib/schemas/post-schemas";

/** The short user record embedded in threads and posts: {id, photo_url, username, is_nft}. */
export function serializeUserBrief(user: UserBrief): UserBriefDto {
  return { id: user.id, photo_url: user.photoUrl, username: user.username, is_nft: flagCode(user.nft) };
}
