import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeSearchPage } from "@/lib/api/serializers/search-result";
import { SearchParamsSchema, SearchResponseSchema } from "@/lib/schemas/search-schemas";
import { searchForum } from "@/lib/services/search";

// GET /api/v2/search
export const search = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/search",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Search",
    summary: 'Search posts or threads (words, "quoted phrases", -excluded)',
    params: SearchParamsSchema,
    response: SearchResponseSchema,
    listKey: "results",
  },
  async ({ params, viewer }) =>
    serializeSearchPage(
      await searchForum(viewer, {
        text: params.q,
        type: params.type,
        groupId: params.group_id ?? null,
        tagId: params.tag_id,
        page: params.page,
        perPage: params.per_page,
      }),
    ),
);
