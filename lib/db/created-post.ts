import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export const CREATED_POST_SELECT = {
  id: true,
  threadId: true,
  groupId: true,
  userId: true,
  parentId: true,
  depth: true,
  content: true,
  sign: true,
  signMsg: true,
  likesCount: true,
  reportCount: true,
  user: {
    select: {
      id: true,
      username: true,
      email: true,
      photoUrl: true,
      publicKey: true,
      likesCount: true,
      postsCount: true,
      activate: true,
      lastPostAt: true,
      paymentCusId: true,
      wallets: { orderBy: { id: "asc" }, take: 1, select: { address: true } },
    },
  },
} satisfies Prisma.PostSelect;
/** A post as the create-post response shows it, with its author's post-creation record (written by lib/db/post-insert.ts). */
export type CreatedPostRow = Prisma.PostGetPayload<{ select: typeof CREATED_POST_SELECT }>;
