import "server-only";
import { conflict } from "@/lib/api/api-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { EmailSchema, IsNftSchema, PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import { parseField } from "@/lib/services/parse-field";
import { isUniqueViolation } from "@/lib/services/transaction";
import { usernameKey } from "@/lib/services/users";

export interface UserInfoChanges {
  username?: string;
  photoUrl?: string;
  coverImage?: string;
  email?: string;
  isNft?: number;
}

/** Endpoint 6: changes only what is given. An empty email or cover image clears it. */
export async function updateUserInfo(userId: number, changes: UserInfoChanges): Promise<void> {
  const data: Prisma.UserUpdateInput = {};
  if (changes.username !== undefined) {
    const username = parseField(UsernameSchema, changes.username, "username");
    data.username = username;
    data.usernameKey = usernameKey(username);
  }
  if (changes.photoUrl !== undefined) data.photoUrl = parseField(PhotoUrlSchema, changes.photoUrl, "photo_url");
  if (changes.coverImage !== undefined) {
    data.coverImage = parseField(PhotoUrlSchema, changes.coverImage, "cover_image") || null;
  }
  if (changes.email !== undefined) data.email = parseField(EmailSchema, changes.email, "email") || null;
  if (changes.isNft !== undefined) data.isNft = parseField(IsNftSchema, changes.isNft, "is_nft");
  if (Object.keys(data).length === 0) return;

  const db = await getDb();
  try {
    await db.user.update({ where: { id: userId }, data, select: { id: true } });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw conflict("username is already taken");
    throw error;
  }
}
