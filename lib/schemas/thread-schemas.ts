import { z } from "zod";
import { BadgeFaceSchema, UserTitleSchema } from "@/lib/schemas/author-face-schemas";
import { intParam, unsetWhenBlank } from "@/lib/schemas/params";
import { PollSchema } from "@/lib/schemas/poll-schemas";
import { ThreadTipSchema } from "@/lib/schemas/tip-schemas";
import { ApiTimestampSchema, FirstPostSchema, PostSchema, UserBriefSchema } from "@/lib/schemas/post-schemas";

const Int = z.number().int();

export const MAX_THREAD_TITLE_LENGTH = 200;

/** Contract section 9: a thread title is 1-200 characters after trimming. */
export const ThreadTitleSchema = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_THREAD_TITLE_LENGTH, { error: `must be at most ${MAX_THREAD_TITLE_LENGTH} characters` });

export const ThreadSortSchema = z.enum(["new", "old"], { error: 'must be "new" or "old"' });
export type ThreadSort = z.infer<typeof ThreadSortSchema>;

const PinnedThreadSchema = z.strictObject({
  id: Int,
  title: z.string(),
  category_id: Int,
  updated_at: ApiTimestampSchema,
});

const HotThreadSchema = z.strictObject({
  id: Int,
  title: z.string(),
  user_id: Int,
  username: z.string(),
  is_nft: Int,
  photo_url: z.string(),
});

const EditHistoryEntrySchema = z.strictObject({
  username: z.string(),
  id: Int,
  post_id: Int,
  user_id: Int,
  is_hidden: Int,
  post_type: Int,
});

/** Reference: "Thread (full record, from get_thread, under data.thread)". */
export const ThreadSchema = z.strictObject({
  id: Int,
  title: z.string(),
  user_id: Int,
  group_id: Int,
  first_post_id: Int,
  updated_at: ApiTimestampSchema,
  likes_count: Int,
  posts_count: Int,
  category_index_id: Int.nullable(),
  is_delete: Int,
  gallery_id: Int,
  lottery_id: Int,
  slug: z.string(),
  badge: z.array(BadgeFaceSchema),
  user_title: z.array(UserTitleSchema),
  posts: z.array(PostSchema),
  first_level_count: Int,
  is_subscribe: z.boolean(),
  // Contract section 17: the viewer muted the thread (0 for guests).
  is_muted: z.number().int(),
  is_pin: Int,
  is_locked: Int,
  pinned: z.strictObject({ home: z.array(PinnedThreadSchema) }),
  hots: z.array(HotThreadSchema),
  edit_history: z.strictObject({ count: Int, lists: z.array(EditHistoryEntrySchema) }),
  // Contract section 18: the thread's polls as the viewer sees them.
  polls: z.array(PollSchema),
  tags: z.array(z.strictObject({ name: z.string(), id: Int })),
  snapshot_id: z.string(),
  snapshot_author: z.string(),
  is_gallery: z.boolean(),
  gallery: z.record(z.string(), z.unknown()).nullable(),
  participant: Int,
  tip_count: Int,
  tip_list: z.array(ThreadTipSchema),
  tipped: z.boolean(),
  user: UserBriefSchema,
  first_post: FirstPostSchema,
});
export type ThreadDto = z.infer<typeof ThreadSchema>;

export const ThreadResponseSchema = z.strictObject({ thread: ThreadSchema });

/**
 * An optional integer reference (category_id, parent_id, file_attachments): absent, null or an
 * empty form field all mean "none", so a blank HTML field does not fail validation.
 */
export function optionalIntParam(options: { min: number }) {
  return unsetWhenBlank(intParam(options).optional());
}
