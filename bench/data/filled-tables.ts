/** Tables the generator writes, in foreign-key order (their indexes are rebuilt after the load). */
export const FILLED_TABLES = [
  "users",
  "wallets",
  "groups",
  "group_admins",
  "group_features",
  "categories",
  "group_members",
  "threads",
  "posts",
  "post_search_texts",
  "subscriptions",
  "thread_participants",
  "post_likes",
  "thread_reads",
  "thread_activity",
  "thread_rankings",
] as const;
