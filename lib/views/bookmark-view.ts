import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { countPages } from "@/lib/db/pagination";
import { listMyBookmarks } from "@/lib/services/bookmarks";

export const BOOKMARKS_PER_PAGE = 20;

/** One row of the Bookmarks page. */
export interface BookmarkView {
  postId: number;
  title: string;
  snippet: string;
  note: string;
  /** The post in its thread. */
  href: string;
  /** ISO times. */
  remindAt: string | null;
  createdAt: string;
}

export interface BookmarksPageView {
  bookmarks: BookmarkView[];
  count: number;
  page: number;
  totalPages: number;
}

/** A page of the viewer's bookmarks, newest first (posts they can no longer read are left out). */
export async function loadBookmarksPage(viewer: SignedIn, page: number): Promise<BookmarksPageView> {
  const { rows, count } = await listMyBookmarks(viewer, page, BOOKMARKS_PER_PAGE);
  return {
    bookmarks: rows.map((row) => ({
      postId: row.postId,
      title: row.title,
      snippet: row.snippet,
      note: row.note,
      href: `/g/${row.groupName}/t/${row.threadId}/${row.threadSlug || "thread"}#post-${row.postId}`,
      remindAt: row.remindAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    count,
    page,
    totalPages: countPages(count, BOOKMARKS_PER_PAGE),
  };
}
