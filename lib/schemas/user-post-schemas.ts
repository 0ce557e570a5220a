import { z } from "zod";
import { idParam, pageParam, pageSizeParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";

const Timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/** Reference: "Post in a user's post list (wallet lookup)", /api family. */
export const WalletPostSchema = z.strictObject({
  id: z.number().int(),
  thread_id: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
  content: z.string(),
  parent_id: z.number().int(),
  user_id: z.number().int(),
  nsfw: z.number().int(),
  deleted: z.number().int(),
  sign: z.string().nullable(),
  deleted_by: z.number().int(),
  group_id: z.number().int(),
  archive_id: z.string(),
  reply_uid: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  total_likes: z.number().int().nullable(),
  total_report: z.number().int().nullable(),
});

export type WalletPostDto = z.infer<typeof WalletPostSchema>;

/** Reference: "Post in a user's post list (by user id)", /api/v2 family (deleted, nsfw as strings). */
export const UserPostSchema = z.strictObject({
  id: z.number().int(),
  thread_id: z.number().int(),
  user_id: z.number().int(),
  sign: z.string().nullable(),
  sign_data: z.string(),
  sign_msg: z.string(),
  content: z.string(),
  archive_id: z.string(),
  group_post_id: z.number().int(),
  group_thread_id: z.number().int(),
  parent_id: z.number().int(),
  depth: z.number().int(),
  group_id: z.number().int(),
  deleted: z.string(),
  deleted_by: z.number().int(),
  nsfw: z.string(),
  nsfw_score: z.number(),
  username: z.string(),
  user_avatar: z.string(),
  group_name: z.string(),
  group_title: z.string(),
  like_username: z.string(),
  first_post_id: z.number().int(),
  thread_title: z.string(),
  thread_poster_id: z.number().int(),
  parent_poster_name: z.string(),
  thread_poster_name: z.string(),
});

export type UserPostDto = z.infer<typeof UserPostSchema>;

export const USER_POST_FILTERS = ["tips", "likes"] as const;
export type UserPostFilter = (typeof USER_POST_FILTERS)[number];

/** Endpoint 11. */
export const WalletPostListParamsSchema = z.object({
  web3_public_key: trimmedString({ min: 1, max: 2048 }),
  page: pageParam(),
  per_page: pageSizeParam(10),
});

/** Endpoint 13. */
export const UserPostsParamsSchema = z.object({
  user_id: idParam(),
  page: pageParam(),
  per_page: pageSizeParam(10),
  filter: unsetWhenBlank(z.enum(USER_POST_FILTERS, { error: `must be one of ${USER_POST_FILTERS.join(", ")}` }).optional()),
});
