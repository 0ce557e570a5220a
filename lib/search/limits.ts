// Search's limits, shared by the API's schema (lib/schemas/search-schemas.ts) and the header's
// search box, which is on every page: kept free of zod so the box does not bring it to the browser.
export const SEARCH_TYPES = ["threads", "posts"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_QUERY_MAX = 200;
