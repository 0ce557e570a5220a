import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";

const REVISION_SELECT = {
  id: true,
  postId: true,
  userId: true,
  previousContent: true,
  sign: true,
  signMsg: true,
  createdAt: true,
  user: { select: { username: true } },
} satisfies Prisma.PostEditSelect;
/** An earlier version of a post: the content an edit replaced, who edited and when. */
export interface Revision {
  id: number;
  postId: number;
  userId: number;
  previousContent: string;
  /** The signature the replaced version carried (contract section 19), null when unsigned. */
  sign: string | null;
  signMsg: string | null;
  createdAt: Date;
  user: { username: string };
}

/** A post's earlier versions, newest first (index post_id, id). */
export async function listRevisions(postId: number, window: PageWindow): Promise<Revision[]> {
  const db = await getDb();
  return db.postEdit.findMany({ where: { postId }, orderBy: { id: "desc" }, ...window, select: REVISION_SELECT });
}

export async function countRevisions(postId: number): Promise<number> {
  const db = await getDb();
  return db.postEdit.count({ where: { postId } });
}
