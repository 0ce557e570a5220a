import type { Metadata } from "next";
import Form from "next/form";
import { SearchFilters } from "@/components/search/search-filters";
import { SearchResults } from "@/components/search/search-results";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { SEARCH_QUERY_MAX } from "@/lib/schemas/search-schemas";
import { loadSearchPage, readSearchRequest, searchHref, type SearchPageView } from "@/lib/views/search-view";

interface SearchPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ searchParams }: SearchPageProps): Promise<Metadata> {
  const { text } = readSearchRequest(await searchParams);
  return { title: text ? `Search: ${text}` : "Search", robots: { index: false } };
}

function describeTotal(view: SearchPageView): string {
  const noun = view.request.type === "threads" ? "thread" : "post";
  if (view.capped) return `Showing the best of the ${view.total.toLocaleString("en-US")} newest matching ${noun}s`;
  return `${view.total.toLocaleString("en-US")} matching ${noun}${view.total === 1 ? "" : "s"}`;
}

export default async function SearchPage({ searchParams }: SearchPageProps) {
  const request = readSearchRequest(await searchParams);
  const view = await loadSearchPage(request);
  return (
    <main className="page">
      <h1 className="section-heading">Search</h1>
      <Form action="/search" role="search" aria-label="Refine" className="search-page__form">
        <input
          type="search"
          name="q"
          defaultValue={request.text}
          maxLength={SEARCH_QUERY_MAX}
          aria-label="Search for"
          placeholder='Words, "a phrase", -excluded'
        />
        <input type="hidden" name="type" value={request.type} />
        {request.groupName ? <input type="hidden" name="g" value={request.groupName} /> : null}
        {request.groupName && request.scope === "all" ? <input type="hidden" name="scope" value="all" /> : null}
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <SearchFilters view={view} />
      {view.problem ? (
        <EmptyState title={view.problem}>
          <p>Use words, &quot;a quoted phrase&quot; to match it exactly, or -word to leave posts with that word out.</p>
        </EmptyState>
      ) : view.results.length > 0 ? (
        <>
          <p className="search-page__summary" role="status">
            {describeTotal(view)}
          </p>
          <SearchResults results={view.results} />
        </>
      ) : (
        <EmptyState title={request.page > 1 && view.total > 0 ? "No results on this page" : `Nothing found for “${request.text}”`}>
          <p>
            {view.group && request.scope === "group"
              ? "Try other words, or search everywhere instead of this group."
              : "Try other or fewer words, or search threads instead of posts."}
          </p>
        </EmptyState>
      )}
      <Pagination page={request.page} totalPages={view.totalPages} hrefFor={(page) => searchHref(request, { page })} />
    </main>
  );
}
