import { z } from "zod";
import { REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_STATUSES } from "@/lib/schemas/report-values";
import { GroupAdminSchema } from "@/lib/schemas/group-schemas";
import { intParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";
import { ApiTimestampSchema, PostSchema } from "@/lib/schemas/post-schemas";

// Contract section 12: the parameters and answers of the community actions.

const Int = z.number().int();
const Flag = z.union([z.literal(0), z.literal(1)]);

/** `pinned` / `locked`: 0 or 1, as a number or its string. */
export const flagParam = () =>
  z.preprocess((value) => (value === "0" || value === "1" ? Number(value) : value), z.union([z.literal(0), z.literal(1)], { error: "must be 0 or 1" }));

export const ReasonParamSchema = unsetWhenBlank(trimmedString({ max: 500 }).default(""));
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: `must be one of ${REPORT_REASONS.join(", ")}` });
export const ReportStatusSchema = z.enum(REPORT_STATUSES, { error: `must be one of ${REPORT_STATUSES.join(", ")}` });
export const ReportResolutionSchema = z.enum(REPORT_RESOLUTIONS, { error: `must be one of ${REPORT_RESOLUTIONS.join(", ")}` });
export const BanDaysSchema = unsetWhenBlank(intParam({ min: 0, max: 3650 }).default(0));
export const RoleLevelSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.union([z.literal(0), z.literal(2), z.literal(3)], { error: "must be 0 (remove), 2 (admin) or 3 (moderator)" }),
);

export const PostResponseSchema = z.strictObject({ post: PostSchema });

export const RevisionSchema = z.strictObject({
  id: Int,
  post_id: Int,
  user_id: Int,
  username: z.string(),
  content: z.string(),
  /** Contract section 19: the signature this version carried, null when it was unsigned. */
  sign: z.string().nullable(),
  sign_msg: z.string().nullable(),
  created_at: ApiTimestampSchema,
});
export const RevisionsResponseSchema = z.strictObject({ revisions: z.array(RevisionSchema), count: Int });

export const ReportSchema = z.strictObject({
  id: Int,
  post_id: Int,
  reason: ReportReasonSchema,
  note: z.string(),
  status: ReportStatusSchema,
  created_at: ApiTimestampSchema,
});
export const ReportResponseSchema = z.strictObject({ report: ReportSchema });

export const QueuedReportSchema = ReportSchema.extend({
  thread_id: Int,
  reporter: z.strictObject({ id: Int, username: z.string() }),
});
export const ReportsResponseSchema = z.strictObject({ reports: z.array(QueuedReportSchema) });

export const BanSchema = z.strictObject({ user_id: Int, reason: z.string(), until: ApiTimestampSchema.nullable() });
export const BanResponseSchema = z.strictObject({ ban: BanSchema });

export const GroupAdminsResponseSchema = z.strictObject({ group_admin: z.array(GroupAdminSchema) });

export const ModlogEntrySchema = z.strictObject({
  id: Int,
  action: z.string(),
  target_type: z.enum(["post", "thread", "report", "user", "category", "group", "tag", "badge"]),
  target_id: Int,
  reason: z.string(),
  created_at: ApiTimestampSchema,
  moderator: z.strictObject({ id: Int, username: z.string() }).nullable(),
});
export const ModlogResponseSchema = z.strictObject({ entries: z.array(ModlogEntrySchema) });

export const EmptyResponseSchema = z.strictObject({});
export const LikeStateSchema = z.strictObject({ post_id: Int, liked: Flag, total_likes: Int });
