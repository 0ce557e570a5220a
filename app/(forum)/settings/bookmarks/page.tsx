import type { Metadata } from "next";
import Link from "next/link";
import { BookmarkList } from "@/components/bookmarks/bookmark-list";
import { FormPage } from "@/components/forms/form-page";
import { Pagination } from "@/components/ui/pagination";
import { requireViewer } from "@/lib/session/session";
import { loadBookmarksPage } from "@/lib/views/bookmark-view";
import { readPageParam } from "@/lib/views/page-data";

export const metadata: Metadata = { title: "Bookmarks", robots: { index: false } };

interface BookmarksPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const hrefFor = (page: number) => (page === 1 ? "/settings/bookmarks" : `/settings/bookmarks?page=${page}`);

export default async function BookmarksPage({ searchParams }: BookmarksPageProps) {
  const page = readPageParam((await searchParams).page);
  const view = await loadBookmarksPage(await requireViewer(hrefFor(page)), page);
  return (
    <FormPage
      title="Bookmarks"
      lead={
        <>
          The posts you saved, newest first, with their reminders. Bookmark a post with the button under it. <Link href="/settings">Back to settings</Link>
        </>
      }
    >
      <BookmarkList key={page} bookmarks={view.bookmarks} count={view.count} />
      <Pagination page={page} totalPages={view.totalPages} hrefFor={hrefFor} />
    </FormPage>
  );
}
