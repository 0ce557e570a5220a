import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import type { PageWindow } from "@/lib/db/pagination";

export const REVISION_SELECT = {
  id: true,
  postId: true,
  userId: true,
  previousContent: true,
  createdAt: true,
  user: { select: { username: true } },
} satisfies Prisma.PostEditSelect;
export type RevisionRow = Prisma.PostEditGetPayload<{ select: typeof REVISION_SELECT }>;

/** A post's earlier versions, newest first (index post_id, id). */
export async function listRevisions(postId: number, window: PageWindow): Promise<RevisionRow[]> {
  const db = await getDb();
  return db.postEdit.findMany({ where: { postId }, orderBy: { id: "desc" }, ...window, select: REVISION_SELECT });
}

export async function countRevisions(postId: number): Promise<number> {
  const db = await getDb();
  return db.postEdit.count({ where: { postId } });
}
