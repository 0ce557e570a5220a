import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { ReportRecord } from "@/lib/db/reports";
import type { QueuedReportSchema, ReportSchema } from "@/lib/schemas/moderation-schemas";

/** A report as its reporter and the resolve endpoint see it. */
export function serializeReport(report: ReportRecord): z.infer<typeof ReportSchema> {
  return {
    id: report.id,
    post_id: report.postId,
    reason: report.reason,
    note: report.note,
    status: report.status,
    created_at: formatTimestamp(report.createdAt),
  };
}

/** A report in a group's moderation queue: with its thread and who filed it. */
export function serializeQueuedReport(report: ReportRecord): z.infer<typeof QueuedReportSchema> {
  return { ...serializeReport(report), thread_id: report.threadId, reporter: { id: report.reporter.id, username: report.reporter.username } };
}
