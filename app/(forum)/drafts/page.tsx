import type { Metadata } from "next";
import { DraftList } from "@/components/drafts/draft-list";
import { FormPage } from "@/components/forms/form-page";
import { Pagination } from "@/components/ui/pagination";
import { requireViewer } from "@/lib/session/session";
import { loadDraftsPage } from "@/lib/views/draft-view";
import { readPageParam } from "@/lib/views/page-data";

export const metadata: Metadata = { title: "Your drafts", robots: { index: false } };

interface DraftsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const hrefFor = (page: number) => (page === 1 ? "/drafts" : `/drafts?page=${page}`);

export default async function DraftsPage({ searchParams }: DraftsPageProps) {
  const page = readPageParam((await searchParams).page);
  const view = await loadDraftsPage(await requireViewer(hrefFor(page)), page);
  return (
    <FormPage
      title="Your drafts"
      lead="Replies and threads you started writing, most recently saved first. They are kept on your account, so they follow you to every device."
    >
      <DraftList key={page} drafts={view.drafts} count={view.count} />
      <Pagination page={page} totalPages={view.totalPages} hrefFor={hrefFor} />
    </FormPage>
  );
}
