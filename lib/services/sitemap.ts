import "server-only";
import { findHighestIds, listPublicGroupsIn, listPublicThreadsIn } from "@/lib/db/sitemap";
import { NotFound } from "@/lib/errors";

// The sitemap of what anyone may read: the home page, public groups and their live threads.
// Page n holds the groups and the threads whose ids are the n-th window of IDS_PER_PAGE ids, so
// at most 2 × IDS_PER_PAGE (+1) URLs, well under the protocol's 50 000, and a page's content
// stays put as the forum grows (only the last page fills up).

export const SITEMAP_IDS_PER_PAGE = 10_000;

export interface SitemapEntry {
  /** The page's path on this site. */
  path: string;
  lastModified: Date | null;
}

/** How many pages the sitemap has: always at least one (the home page). */
export async function countSitemapPages(): Promise<number> {
  const highest = await findHighestIds();
  return Math.max(1, Math.ceil(Math.max(highest.groupId, highest.threadId) / SITEMAP_IDS_PER_PAGE));
}

/** Page `page` (from 1) of the sitemap, or NotFound past the last one. */
export async function readSitemapPage(page: number): Promise<SitemapEntry[]> {
  if (!Number.isSafeInteger(page) || page < 1 || page > (await countSitemapPages())) throw new NotFound("sitemap page");
  const window = { firstId: (page - 1) * SITEMAP_IDS_PER_PAGE + 1, lastId: page * SITEMAP_IDS_PER_PAGE };
  const [groups, threads] = await Promise.all([listPublicGroupsIn(window), listPublicThreadsIn(window)]);
  return [
    ...(page === 1 ? [{ path: "/", lastModified: null }] : []),
    ...groups.map((group) => ({ path: `/g/${group.name}`, lastModified: group.lastModified })),
    // The thread page's canonical address (lib/views/page-data.ts getThreadRoute).
    ...threads.map((thread) => ({
      path: `/g/${thread.groupName}/t/${thread.id}/${encodeURIComponent(thread.slug || "thread")}`,
      lastModified: thread.lastModified,
    })),
  ];
}
