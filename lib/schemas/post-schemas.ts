import { z } from "zod";
import { BadgeFaceSchema, UserTitleSchema } from "@/lib/schemas/author-face-schemas";

// Response schemas are strict all the way down: they describe exactly what Agora answers, so
// a stray or missing key anywhere in a nested post is a test failure, not a silent pass.

const Int = z.number().int();

/** `/api` timestamps: ISO 8601 UTC with microseconds and a trailing Z (contract section 10). */
export const ApiTimestampSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

/** The short user record embedded in threads and posts: {id, photo_url, username, is_nft}. */
export const UserBriefSchema = z.strictObject({
  id: Int,
  photo_url: z.string(),
  username: z.string(),
  is_nft: Int,
});
export type UserBriefDto = z.infer<typeof UserBriefSchema>;

export const PostLikeSchema = z.strictObject({ id: Int, user_id: Int, post_id: Int, is_ban: Int });

export const PostAttachmentSchema = z.strictObject({ id: Int, post_id: Int, url: z.string() });

/** Reference: "Attached file". */
export const AttachedFileSchema = z.strictObject({
  id: Int,
  url: z.string(),
  old_url: z.string(),
  name: z.string(),
  size: z.string(),
  mime_type: z.string(),
  group_id: Int,
  post_id: Int,
  thread_id: Int,
  ipfs: z.string().nullable(),
});
export type AttachedFileDto = z.infer<typeof AttachedFileSchema>;

const DeletedBySchema = z.strictObject({ id: Int, username: z.string(), is_nft: Int.nullable() });

/** Reference: "Post (inside a thread)"; `children.posts` nests the replies recursively. */
export const PostSchema = z.strictObject({
  id: Int,
  thread_id: Int,
  created_at: ApiTimestampSchema,
  updated_at: ApiTimestampSchema,
  content: z.string(),
  parent_id: Int.min(-1),
  user_id: Int,
  nsfw: Int,
  deleted: Int,
  sign: z.string().nullable(),
  deleted_by: z.union([DeletedBySchema, z.null(), z.literal(0)]),
  group_id: Int,
  archive_id: z.string(),
  reply_uid: Int,
  is_ban: Int.nullable(),
  tipped: z.literal(1).nullable(),
  online: z.boolean(),
  badge: z.array(BadgeFaceSchema),
  user_title: z.array(UserTitleSchema),
  tip_count: Int,
  liked: Int,
  /** The viewer ignores the author (contract section 17). */
  ignored: Int,
  /** The viewer bookmarked it (contract section 17). */
  bookmarked: Int,
  children_count: Int,
  get children() {
    return z.strictObject({ posts: z.array(PostSchema) });
  },
  total_likes: Int,
  total_report: Int,
  user: UserBriefSchema,
  likes: z.array(PostLikeSchema),
  flags: z.array(z.unknown()),
  attached_files: z.array(AttachedFileSchema),
  attachments: z.array(PostAttachmentSchema),
  reply_user: UserBriefSchema.nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type PostDto = z.infer<typeof PostSchema>;

/** The thread's first post carries its author's admin level in the group (0 if none). */
export const FirstPostSchema = PostSchema.extend({ user_group_level: Int });
export type FirstPostDto = z.infer<typeof FirstPostSchema>;

/** The user embedded in a created post (reference: "The post-creation response embeds a user..."). */
export const PostCreationUserSchema = z.strictObject({
  id: Int,
  name: z.string(),
  email: z.string().nullable(),
  web3_public_key: z.string(),
  photo_url: z.string(),
  public_key: z.string().nullable(),
  likes: Int,
  posts: Int,
  activate: Int,
  last_post_time: ApiTimestampSchema.nullable(),
  payment_cus_id: z.string(),
  salt: z.string(),
  _import_source_import_id: z.string(),
});
export type PostCreationUserDto = z.infer<typeof PostCreationUserSchema>;

/** Reference: "Created post" (create post, under data.post). */
export const CreatedPostSchema = z.strictObject({
  group_id: Int,
  user_id: Int,
  parent_id: Int.min(-1),
  content: z.string(),
  sign: z.string(),
  sign_msg: z.string(),
  depth: Int,
  thread_id: Int,
  id: Int,
  /** Sensitive content (contract section 17). */
  nsfw: Int,
  attached_files: z.array(AttachedFileSchema),
  user: PostCreationUserSchema,
  likes: z.array(PostLikeSchema),
  flags: z.array(z.unknown()),
  badge: z.array(BadgeFaceSchema),
  user_title: z.array(UserTitleSchema),
  total_likes: Int,
  total_report: Int,
});
export type CreatedPostDto = z.infer<typeof CreatedPostSchema>;

export const CreatePostResponseSchema = z.strictObject({ post: CreatedPostSchema, is_subscribe: z.boolean() });
export type CreatePostResponseDto = z.infer<typeof CreatePostResponseSchema>;
