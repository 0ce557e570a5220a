import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { SearchHit, SearchPage } from "@/lib/db/search";
import type { SearchResultDto } from "@/lib/schemas/search-schemas";
import { snippetToMarkedHtml } from "@/lib/search/snippet";

export function serializeSearchResult(hit: SearchHit): SearchResultDto {
  return {
    type: hit.kind,
    thread_id: hit.threadId,
    post_id: hit.postId,
    group_id: hit.groupId,
    title: hit.title,
    snippet: snippetToMarkedHtml(hit.snippet),
    score: hit.score,
    created_at: formatTimestamp(hit.createdAt),
    user: { id: hit.user.id, username: hit.user.username, photo_url: hit.user.photoUrl },
  };
}

export function serializeSearchPage(page: SearchPage): { results: SearchResultDto[]; total: number } {
  return { results: page.hits.map(serializeSearchResult), total: page.total };
}
