import { z } from "zod";
import { flagParam } from "@/lib/schemas/moderation-schemas";
import { idParam, pageParam, pageSizeParam } from "@/lib/schemas/params";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";

// Contract section 17: bookmarks and reminders, their parameters and answers.

const Int = z.number().int();
export const MAX_NOTE_LENGTH = 200;

// ISO 8601 with a time and a zone (Z or an offset), so "in the future" means one instant everywhere.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** remind_at: an ISO 8601 instant; blank clears the reminder (null), absent keeps it (undefined). */
export const RemindAtParamSchema = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .string({ error: "must be an ISO 8601 time" })
    .regex(ISO_INSTANT, { error: "must be an ISO 8601 time with a time zone, e.g. 2026-12-01T09:00:00Z" })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: "must be an ISO 8601 time" })
    .nullable()
    .optional(),
);

/** The parsed remind_at as the service takes it: a Date, null (clear) or undefined (keep). */
export function readRemindAt(value: string | null | undefined): Date | null | undefined {
  return typeof value === "string" ? new Date(value) : value;
}

export const BookmarkParamsSchema = z.object({
  post_id: idParam(),
  bookmarked: flagParam(),
  note: z
    .string({ error: "must be a string" })
    .trim()
    .max(MAX_NOTE_LENGTH, { error: `must be at most ${MAX_NOTE_LENGTH} characters` })
    .optional(),
  remind_at: RemindAtParamSchema,
});

export const BookmarkSchema = z.strictObject({
  post_id: Int,
  thread_id: Int,
  note: z.string(),
  remind_at: ApiTimestampSchema.nullable(),
  created_at: ApiTimestampSchema,
});

export const BookmarkResponseSchema = z.strictObject({ bookmark: BookmarkSchema.nullable() });

export const BookmarkListParamsSchema = z.object({ page: pageParam(), per_page: pageSizeParam(20) });

export const BookmarkListItemSchema = z.strictObject({
  post_id: Int,
  thread_id: Int,
  group_id: Int,
  title: z.string(),
  snippet: z.string(),
  note: z.string(),
  remind_at: ApiTimestampSchema.nullable(),
  created_at: ApiTimestampSchema,
});

export const BookmarkListResponseSchema = z.strictObject({ bookmarks: z.array(BookmarkListItemSchema), count: Int });
