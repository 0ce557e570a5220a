import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import type { PageWindow } from "@/lib/db/pagination";
import type { Tx } from "@/lib/db/transaction";

import type { ReportResolution, ReportStatus } from "@/lib/schemas/report-values";

export type { ReportReason, ReportResolution, ReportStatus } from "@/lib/schemas/report-values";

export const REPORT_SELECT = {
  id: true,
  postId: true,
  threadId: true,
  groupId: true,
  reason: true,
  note: true,
  status: true,
  resolution: true,
  createdAt: true,
  resolvedAt: true,
  reporter: { select: { id: true, username: true } },
} satisfies Prisma.PostReportSelect;
export type ReportRow = Prisma.PostReportGetPayload<{ select: typeof REPORT_SELECT }>;

/** A report with the post it is about, for the moderation queue. */
export const REPORT_IN_CONTEXT_SELECT = {
  ...REPORT_SELECT,
  post: {
    select: {
      id: true,
      content: true,
      contentHtml: true,
      deleted: true,
      userId: true,
      createdAt: true,
      user: { select: { id: true, username: true } },
      thread: { select: { id: true, title: true, slug: true } },
    },
  },
} satisfies Prisma.PostReportSelect;
export type ReportInContextRow = Prisma.PostReportGetPayload<{ select: typeof REPORT_IN_CONTEXT_SELECT }>;

export async function findReport(id: number, tx?: Tx): Promise<ReportRow | null> {
  const db = tx ?? (await getDb());
  return db.postReport.findUnique({ where: { id }, select: REPORT_SELECT });
}

/** A group's reports of one status, newest first (index group_id, status, id desc). */
export async function listGroupReports(groupId: number, status: ReportStatus, window: PageWindow): Promise<ReportInContextRow[]> {
  const db = await getDb();
  return db.postReport.findMany({ where: { groupId, status }, orderBy: { id: "desc" }, ...window, select: REPORT_IN_CONTEXT_SELECT });
}

export async function countGroupReports(groupId: number, status: ReportStatus): Promise<number> {
  const db = await getDb();
  return db.postReport.count({ where: { groupId, status } });
}

/**
 * Closes open reports and keeps the post's open-report counter exact: it moves by the number of
 * rows this statement really closed, so two moderators resolving at once cannot count twice.
 */
export async function closeReports(tx: Tx, where: { id: number } | { postId: number }, resolution: ReportResolution, resolvedById: number): Promise<void> {
  const open = await tx.postReport.findMany({ where: { ...where, status: "open" }, select: { id: true, postId: true } });
  for (const report of open) {
    const { count } = await tx.postReport.updateMany({
      where: { id: report.id, status: "open" },
      data: { status: "resolved", resolution, resolvedById, resolvedAt: new Date() },
    });
    if (count === 1) await tx.post.update({ where: { id: report.postId }, data: { reportCount: { decrement: 1 } }, select: { id: true } });
  }
}
