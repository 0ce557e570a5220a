import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

// Only what anyone may see on a profile page: no email, wallets, settings or secrets.
const PUBLIC_PROFILE_SELECT = {
  id: true,
  username: true,
  photoUrl: true,
  coverImage: true,
  bio: true,
  createdAt: true,
  postsCount: true,
} satisfies Prisma.UserSelect;

export type PublicProfile = Prisma.UserGetPayload<{ select: typeof PUBLIC_PROFILE_SELECT }>;

export async function findPublicProfile(userId: number): Promise<PublicProfile | null> {
  const db = await getDb();
  return db.user.findUnique({ where: { id: userId }, select: PUBLIC_PROFILE_SELECT });
}

/** When each post was written: the user-posts shape has no time, a profile list shows one. */
export async function findPostDates(postIds: readonly number[]): Promise<Map<number, Date>> {
  if (postIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.post.findMany({ where: { id: { in: [...postIds] } }, select: { id: true, createdAt: true } });
  return new Map(rows.map((row) => [row.id, row.createdAt]));
}
