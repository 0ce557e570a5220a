import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { listUnreadableGroupIds } from "@/lib/db/memberships";
import { toPageWindow } from "@/lib/db/pagination";
import { loadReadableRole } from "@/lib/services/group-access";
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
 * Contract section 13: search live posts or threads, ranked by relevance then recency. Hits in
 * groups the actor may not read are never candidates (section 14); searching inside one such
 * group is refused as reading it is (404 hidden, 403 private).
 */
export async function searchForum(actor: Actor, input: SearchInput): Promise<SearchPage> {
  if (input.groupId !== null) await loadReadableRole(actor, input.groupId);
  const excludedGroupIds = input.groupId !== null ? [] : await listUnreadableGroupIds(actor?.id ?? null);
  const query = { text: input.text, groupId: input.groupId, excludedGroupIds, ...toPageWindow(input.page, input.perPage) };
  return input.type === "threads" ? searchThreads(query) : searchPosts(query);
}
