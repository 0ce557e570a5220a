import "server-only";
import { getViewer } from "@/lib/session/session";
import { countPages } from "@/lib/db/pagination";
import { SEARCH_CANDIDATE_CAP, type SearchHit } from "@/lib/db/search";
import { Forbidden, NotFound } from "@/lib/errors";
import { SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchType } from "@/lib/schemas/search-schemas";
import type { SnippetPart } from "@/lib/search/snippet";
import { getGroup } from "@/lib/services/groups";
import { searchForum } from "@/lib/services/search";

export const SEARCH_RESULTS_PER_PAGE = 20;

type QueryValue = string | string[] | undefined;

/** What the search page was asked: ?q=&type=&g=<group in context>&scope=all&page=. */
export interface SearchRequest {
  text: string;
  type: SearchType;
  /** The group the search started from (a group page's header box carries it). */
  groupName: string | null;
  /** "group" searches the group in context, "all" everywhere. */
  scope: "group" | "all";
  page: number;
}

export interface SearchResultView {
  key: string;
  kind: SearchHit["kind"];
  /** The post in its thread. */
  href: string;
  title: string;
  groupName: string;
  groupTitle: string;
  snippet: SnippetPart[];
  author: { id: number; username: string };
  createdAt: Date;
}

export interface SearchPageView {
  request: SearchRequest;
  group: { id: number; name: string; title: string } | null;
  results: SearchResultView[];
  total: number;
  /** True when more matched than are ranked (total is the cap). */
  capped: boolean;
  totalPages: number;
  /** Why nothing was searched: no words, or too many. */
  problem: string | null;
}

const first = (value: QueryValue) => (Array.isArray(value) ? value[0] : value);

export function readSearchRequest(query: Record<string, QueryValue>): SearchRequest {
  const type = first(query.type);
  const groupName = first(query.g)?.trim() ?? "";
  const page = first(query.page) ?? "";
  return {
    // Control characters (NUL above all, which PostgreSQL text cannot hold) are only spaces to a search.
    text: (first(query.q) ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim(),
    type: (SEARCH_TYPES as readonly string[]).includes(type ?? "") ? (type as SearchType) : "posts",
    groupName: /^[a-z0-9_-]{3,32}$/i.test(groupName) ? groupName : null,
    scope: first(query.scope) === "all" ? "all" : "group",
    page: /^\d{1,6}$/.test(page) ? Math.max(Number(page), 1) : 1,
  };
}

/** The search page's address for a request (page 1, posts and the group scope are left out). */
export function searchHref(request: SearchRequest, changes: Partial<SearchRequest> = {}): string {
  const next = { ...request, ...changes };
  const params = new URLSearchParams({ q: next.text });
  if (next.type !== "posts") params.set("type", next.type);
  if (next.groupName) params.set("g", next.groupName);
  if (next.groupName && next.scope === "all") params.set("scope", "all");
  if (next.page > 1) params.set("page", String(next.page));
  return `/search?${params.toString()}`;
}

function toSearchResultView(hit: SearchHit): SearchResultView {
  return {
    key: `${hit.kind}-${hit.postId}`,
    kind: hit.kind,
    href: `/g/${hit.groupName}/t/${hit.threadId}/${hit.threadSlug}#post-${hit.postId}`,
    title: hit.title,
    groupName: hit.groupName,
    groupTitle: hit.groupTitle,
    snippet: hit.snippet,
    author: { id: hit.user.id, username: hit.user.username },
    createdAt: hit.createdAt,
  };
}

async function findContextGroup(name: string | null): Promise<SearchPageView["group"]> {
  if (!name) return null;
  try {
    const { group } = await getGroup(await getViewer(), { name });
    return { id: group.id, name: group.name, title: group.title };
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export async function loadSearchPage(request: SearchRequest): Promise<SearchPageView> {
  const group = await findContextGroup(request.groupName);
  const empty = { request, group, results: [], total: 0, capped: false, totalPages: 1 };
  if (request.text === "") return { ...empty, problem: "Type a few words to search for." };
  if (request.text.length > SEARCH_QUERY_MAX) return { ...empty, problem: `Searches are at most ${SEARCH_QUERY_MAX} characters.` };
  const viewer = await getViewer();
  let found;
  try {
    found = await searchForum(viewer, {
      text: request.text,
      type: request.type,
      groupId: group && request.scope === "group" ? group.id : null,
      page: request.page,
      perPage: SEARCH_RESULTS_PER_PAGE,
    });
  } catch (error) {
    if (error instanceof Forbidden) return { ...empty, problem: "This group is private: only its members can search it." };
    throw error;
  }
  return {
    request,
    group,
    results: found.hits.map(toSearchResultView),
    total: found.total,
    capped: found.total >= SEARCH_CANDIDATE_CAP,
    totalPages: countPages(found.total, SEARCH_RESULTS_PER_PAGE),
    problem: null,
  };
}
