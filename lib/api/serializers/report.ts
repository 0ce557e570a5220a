import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { ReportRow } from "@/lib/db/reports";
import type { QueuedReportSchema, ReportSchema } from "@/lib/schemas/moderation-schemas";

/** A report as its reporter and the resolve endpoint see it. */
export function serializeReport(report: ReportRow): z.infer<typeof ReportSchema> {
  return {
    id: report.id,
    post_id: report.postId,
    reason: report.reason as z.infer<typeof ReportSchema>["reason"],
    note: report.note,
    status: report.status as z.infer<typeof ReportSchema>["status"],
    created_at: formatTimestamp(report.createdAt),
  };
}

/** A report in a group's moderation queue: with its thread and who filed it. */
export function serializeQueuedReport(report: ReportRow): z.infer<typeof QueuedReportSchema> {
  return { ...serializeReport(report), thread_id: report.threadId, reporter: { id: report.reporter.id, username: report.reporter.username } };
}
