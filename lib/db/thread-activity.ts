import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";

// The list-item shape of the API carries no times and no starter's name; a thread list that
// a person reads needs both, so the page adds them for a whole page in one query.
const THREAD_ACTIVITY_SELECT = {
  id: true,
  createdAt: true,
  lastActivityAt: true,
  user: { select: { id: true, username: true, photoUrl: true } },
} satisfies Prisma.ThreadSelect;

export type ThreadActivityRow = Prisma.ThreadGetPayload<{ select: typeof THREAD_ACTIVITY_SELECT }>;

export async function findThreadActivity(threadIds: readonly number[]): Promise<Map<number, ThreadActivityRow>> {
  if (threadIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.thread.findMany({ where: { id: { in: [...threadIds] } }, select: THREAD_ACTIVITY_SELECT });
  return new Map(rows.map((row) => [row.id, row]));
}
