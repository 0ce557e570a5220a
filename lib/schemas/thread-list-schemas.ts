import { z } from "zod";
import { BadgeFaceSchema, UserTitleSchema } from "@/lib/schemas/author-face-schemas";
import { idParam, intParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { TagFilterParamSchema } from "@/lib/schemas/tag-schemas";

const IntOrEmpty = z.union([z.number().int(), z.literal("")]);

const LatestReplySchema = z.strictObject({
  user_id: z.number().int(),
  user: z.strictObject({
    id: z.number().int(),
    is_nfc: z.number().int(),
    name: z.string(),
    photo_url: z.string(),
  }),
  online: z.boolean(),
  badge: z.array(BadgeFaceSchema),
  user_title: z.array(UserTitleSchema),
  is_ban: z.string(),
});

const FirstPostSummarySchema = z.strictObject({
  content: z.string(),
  deleted: z.string(),
  user_id: z.number().int(),
  nsfw: z.string(),
});

/** Thread list item (reference: "Thread (list item)"), /api/v2 family. */
export const ThreadListItemSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  gallery_id: z.string(),
  snapshot_id: z.string(),
  snapshot_author: z.string(),
  posts_count: z.number().int(),
  // "int or empty string" in the reference; Agora always knows the count, so always an int.
  likes_count: z.number().int(),
  category_index_id: IntOrEmpty,
  user_id: z.number().int(),
  first_post_id: z.number().int(),
  last_post_id: z.number().int(),
  is_pin: z.number().int(),
  is_locked: z.number().int(),
  last_user_name: z.string(),
  categorys_id: IntOrEmpty,
  categorys_name: z.string(),
  latest_reply: LatestReplySchema,
  first_post: FirstPostSummarySchema,
  // The reference answers an empty array, not null, for a thread without a category.
  category: z.union([z.strictObject({ id: z.number().int(), name: z.string() }), z.array(z.never()).length(0)]),
  // Contract section 18: the thread's tags, as get thread's.
  tags: z.array(z.strictObject({ name: z.string(), id: z.number().int() })),
});

export type ThreadListItemDto = z.infer<typeof ThreadListItemSchema>;

export const THREAD_SORTS = ["old", "new"] as const;
export type ThreadSort = (typeof THREAD_SORTS)[number];

/** Endpoint 12: sort and category_id are retiring but still honoured (defaults old and 0). */
export const GroupThreadsParamsSchema = z.object({
  group_id: idParam(),
  page: pageParam(),
  per_page: pageSizeParam(10),
  category_id: unsetWhenBlank(intParam({ min: 0 }).default(0)),
  sort: unsetWhenBlank(z.enum(THREAD_SORTS, { error: `must be one of ${THREAD_SORTS.join(", ")}` }).default("old")),
  tag_id: TagFilterParamSchema,
});

/** Endpoint 2: the reference names no paging; Agora pages it like every listing. */
export const CategoryThreadsParamsSchema = z.object({
  group_id: idParam(),
  category_id: idParam(),
  page: pageParam(),
  per_page: pageSizeParam(20),
  tag_id: TagFilterParamSchema,
});
