import Link from "next/link";
import type { SearchPageView, SearchRequest } from "@/lib/views/search-view";
import { searchHref } from "@/lib/views/search-view";
import "./search.css";

interface FilterLinkProps {
  request: SearchRequest;
  changes: Partial<SearchRequest>;
  current: boolean;
  label: string;
}

function FilterLink({ request, changes, current, label }: FilterLinkProps) {
  return (
    <Link href={searchHref(request, { ...changes, page: 1 })} className="search-filter" aria-current={current ? "true" : undefined}>
      {label}
    </Link>
  );
}

/** Threads or posts; and, when the search started in a group, that group or everywhere. */
export function SearchFilters({ view }: { view: SearchPageView }) {
  const { request, group } = view;
  return (
    <div className="search-filters">
      <nav className="search-filters__group" aria-label="Search in">
        <FilterLink request={request} changes={{ type: "posts" }} current={request.type === "posts"} label="Posts" />
        <FilterLink request={request} changes={{ type: "threads" }} current={request.type === "threads"} label="Threads" />
      </nav>
      {group ? (
        <nav className="search-filters__group" aria-label="Where">
          <FilterLink request={request} changes={{ scope: "group" }} current={request.scope === "group"} label={`In ${group.title}`} />
          <FilterLink request={request} changes={{ scope: "all" }} current={request.scope === "all"} label="Everywhere" />
        </nav>
      ) : null}
    </div>
  );
}
