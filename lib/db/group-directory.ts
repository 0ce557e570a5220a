import "server-only";
import { getDb } from "@/lib/db/client";

export const GROUP_DIRECTORY_LIMIT = 100;

/** The groups directory: most recently active first. */
export async function listGroupDirectory(limit = GROUP_DIRECTORY_LIMIT) {
  const db = await getDb();
  return db.group.findMany({
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      name: true,
      title: true,
      description: true,
      logo: true,
      membersCount: true,
      threadsCount: true,
      postsCount: true,
      lastActivityAt: true,
    },
  });
}

export type GroupDirectoryEntry = Awaited<ReturnType<typeof listGroupDirectory>>[number];
