import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import { readDeletedBy, type DeletedBy } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

import type { ReportReason, ReportResolution, ReportStatus } from "@/lib/schemas/report-values";

export type { ReportReason, ReportResolution, ReportStatus } from "@/lib/schemas/report-values";

const REPORT_SELECT = {
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

/** A report of a post to its group's moderators. */
export interface ReportRecord {
  id: number;
  postId: number;
  threadId: number;
  groupId: number;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  /** How it was closed; null while open. */
  resolution: ReportResolution | null;
  createdAt: Date;
  resolvedAt: Date | null;
  reporter: { id: number; username: string };
}

const REPORT_IN_CONTEXT_SELECT = {
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

/** A report with the post it is about, for the moderation queue. */
export interface ReportInContext extends ReportRecord {
  post: {
    id: number;
    content: string;
    contentHtml: string | null;
    deletedBy: DeletedBy;
    userId: number;
    createdAt: Date;
    user: { id: number; username: string };
    thread: { id: number; title: string; slug: string };
  };
}

// The columns hold only the values the schemas name (report-values.ts): every write goes through them.
function readReport(row: Prisma.PostReportGetPayload<{ select: typeof REPORT_SELECT }>): ReportRecord {
  return {
    ...row,
    reason: row.reason as ReportReason,
    status: row.status as ReportStatus,
    resolution: row.resolution as ReportResolution | null,
  };
}

function readReportInContext(row: Prisma.PostReportGetPayload<{ select: typeof REPORT_IN_CONTEXT_SELECT }>): ReportInContext {
  const { deleted, ...post } = row.post;
  return { ...readReport(row), post: { ...post, deletedBy: readDeletedBy(deleted) } };
}

export async function findReport(id: number, tx?: Tx): Promise<ReportRecord | null> {
  const db = tx ?? (await getDb());
  const row = await db.postReport.findUnique({ where: { id }, select: REPORT_SELECT });
  return row ? readReport(row) : null;
}

/** A group's reports of one status, newest first (index group_id, status, id desc). */
export async function listGroupReports(groupId: number, status: ReportStatus, window: PageWindow): Promise<ReportInContext[]> {
  const db = await getDb();
  const rows = await db.postReport.findMany({ where: { groupId, status }, orderBy: { id: "desc" }, ...window, select: REPORT_IN_CONTEXT_SELECT });
  return rows.map(readReportInContext);
}

export async function countGroupReports(groupId: number, status: ReportStatus): Promise<number> {
  const db = await getDb();
  return db.postReport.count({ where: { groupId, status } });
}

/** Whether the person has already reported the post (once per post and person). */
export async function hasReported(tx: Tx, postId: number, reporterId: number): Promise<boolean> {
  return (await tx.postReport.findUnique({ where: { postId_reporterId: { postId, reporterId } }, select: { id: true } })) !== null;
}

export interface NewReport {
  postId: number;
  threadId: number;
  groupId: number;
  reporterId: number;
  reason: ReportReason;
  note: string;
}

/** Files a report and counts it among the post's open reports. */
export async function insertReport(tx: Tx, input: NewReport): Promise<ReportRecord> {
  const report = await tx.postReport.create({ data: input, select: REPORT_SELECT });
  await tx.post.update({ where: { id: input.postId }, data: { reportCount: { increment: 1 } }, select: { id: true } });
  return readReport(report);
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
