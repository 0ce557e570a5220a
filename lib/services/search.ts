import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { listUnreadableGroupIds } from "@/lib/db/memberships";
import { toPageWindow } from "@/lib/db/pagination";
import { loadReadableRole } from "@/lib/services/group-access";
import { searchPosts, searchThreads, type SearchPage } from "@/lib/db/search";
import { resolveTagFilter } from "@/lib/services/thread-tags";
import type { SearchType } from "@/lib/schemas/search-schemas";

export interface SearchInput {
  text: string;
  type: SearchType;
  groupId: number | null;
  /** Only threads carrying this tag (contract section 18). */
  tagId?: number;
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
  // A tag is of one group, which the reader may read: the search narrows to it.
  const tag = await resolveTagFilter(actor, input.tagId, input.groupId);
  const groupId = input.groupId ?? tag?.groupId ?? null;
  const excludedGroupIds = groupId !== null ? [] : await listUnreadableGroupIds(actor?.id ?? null);
  const query = { text: input.text, groupId, tagId: tag?.id ?? null, excludedGroupIds, ...toPageWindow(input.page, input.perPage) };
  return input.type === "threads" ? searchThreads(query) : searchPosts(query);
}
