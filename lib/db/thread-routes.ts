import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

const THREAD_ROUTE_SELECT = {
  id: true,
  slug: true,
  isDelete: true,
  firstPostId: true,
  group: { select: { name: true } },
} satisfies Prisma.ThreadSelect;

export type ThreadRoute = { id: number; slug: string; groupName: string };

/**
 * Where a thread lives (group handle and slug), or null when it cannot be shown: one indexed
 * lookup that lets the thread route answer 404 or redirect before the page starts streaming.
 * It applies loadThread's visibility rule (live thread with a first post).
 */
export async function findThreadRoute(threadId: number): Promise<ThreadRoute | null> {
  const db = await getDb();
  const row = await db.thread.findUnique({ where: { id: threadId }, select: THREAD_ROUTE_SELECT });
  if (!row || row.isDelete !== 0 || row.firstPostId === null) return null;
  return { id: row.id, slug: row.slug || "thread", groupName: row.group.name };
}
