import "server-only";
import { toPageWindow } from "@/lib/db/pagination";
import { searchPosts, searchThreads, type SearchPage } from "@/lib/db/search";
import type { SearchType } from "@/lib/schemas/search-schemas";

export interface SearchInput {
  text: string;
  type: SearchType;
  groupId: number | null;
  page: number;
  perPage: number;
}

/**
 * Contract section 13: search live posts or threads, ranked by relevance then recency. Every group
 * is public today, so anyone may search everything; when private groups arrive (section 14) their
 * hits are filtered here, by the same permission functions the other reads ask.
 */
export async function searchForum(input: SearchInput): Promise<SearchPage> {
  const query = { text: input.text, groupId: input.groupId, ...toPageWindow(input.page, input.perPage) };
  return input.type === "threads" ? searchThreads(query) : searchPosts(query);
}
