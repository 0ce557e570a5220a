import { z } from "zod";
import { idParam, pageParam, pageSizeParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";
import { TagFilterParamSchema } from "@/lib/schemas/tag-schemas";
import { SEARCH_QUERY_MAX, SEARCH_TYPES } from "@/lib/search/limits";

// Contract section 13: GET /api/v2/search.

export { SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchType } from "@/lib/search/limits";
export const SEARCH_PER_PAGE = 20;

export const SearchParamsSchema = z.object({
  // Words, "quoted phrases" and -excluded words (PostgreSQL's websearch_to_tsquery).
  q: trimmedString({ min: 1, max: SEARCH_QUERY_MAX }),
  group_id: unsetWhenBlank(idParam().optional()),
  // Contract section 18: only threads carrying this tag (and posts in them).
  tag_id: TagFilterParamSchema,
  type: unsetWhenBlank(z.enum(SEARCH_TYPES, { error: `must be one of ${SEARCH_TYPES.join(", ")}` }).default("posts")),
  page: pageParam(),
  per_page: pageSizeParam(SEARCH_PER_PAGE),
});

export type SearchParams = z.infer<typeof SearchParamsSchema>;

export const SearchResultSchema = z.strictObject({
  // "thread" for type=threads (the thread and its opening post), "post" for type=posts.
  type: z.enum(["thread", "post"]),
  thread_id: z.number().int(),
  post_id: z.number().int(),
  group_id: z.number().int(),
  title: z.string(),
  // Plain text, HTML-escaped, with the matches wrapped in <mark>…</mark>.
  snippet: z.string(),
  score: z.number(),
  created_at: ApiTimestampSchema,
  user: z.strictObject({ id: z.number().int(), username: z.string(), photo_url: z.string() }),
});

export type SearchResultDto = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.strictObject({
  results: z.array(SearchResultSchema),
  // Matches found, capped at the candidate limit (lib/db/search.ts).
  total: z.number().int(),
});
