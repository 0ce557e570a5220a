import { z } from "zod";
import { flagParam } from "@/lib/schemas/moderation-schemas";
import { MAX_ID, MAX_PAGE_SIZE, idParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";

// Contract section 13: subscriptions and notifications, their parameters and answers.

const Int = z.number().int();

export const NOTIFICATION_TYPES = ["reply", "post", "mention", "like", "membership", "quote", "reminder", "tip", "badge"] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

export const SubscribeParamsSchema = z.object({ thread_id: idParam(), subscribe: flagParam() });
export const SubscribeResponseSchema = z.strictObject({ is_subscribe: z.boolean() });

export const NotificationListParamsSchema = z.object({
  unread: unsetWhenBlank(flagParam().optional()),
  page: pageParam(),
  per_page: pageSizeParam(20),
});

export const NotificationSchema = z.strictObject({
  id: Int,
  type: z.enum(NOTIFICATION_TYPES),
  thread_id: Int,
  post_id: Int,
  group_id: Int,
  /** Null for a reminder (contract section 17): nobody caused it. */
  actor: z.strictObject({ id: Int, username: z.string(), photo_url: z.string() }).nullable(),
  count: Int,
  read: z.boolean(),
  created_at: ApiTimestampSchema,
});
export type NotificationDto = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = z.strictObject({ notifications: z.array(NotificationSchema), unread_count: Int });

/** `ids`: "12" or "12,13,14": positive ids, at most a page of them. */
export const NotificationIdsSchema = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z
    .string({ error: "must be comma-separated ids" })
    .trim()
    .regex(/^\d+(\s*,\s*\d+)*$/, { error: "must be comma-separated ids" })
    .refine((value) => value.split(",").every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), { error: `each id must be between 1 and ${MAX_ID}` })
    .refine((value) => value.split(",").length <= MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE} ids` }),
);

export const MarkReadParamsSchema = z
  .object({ ids: unsetWhenBlank(NotificationIdsSchema.optional()), all: unsetWhenBlank(flagParam().optional()) })
  .refine((params) => params.all === 1 || params.ids !== undefined, { error: "give ids (comma-separated) or all=1", path: ["ids"] });

export const MarkReadResponseSchema = z.strictObject({ unread_count: Int });

/** The ids of a valid `ids` parameter, without duplicates. */
export function splitNotificationIds(ids: string): number[] {
  return [...new Set(ids.split(",").map((id) => Number(id.trim())))];
}
