import "server-only";
import { canModerate, canReport, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { recordModAction } from "@/lib/db/modlog";
import { toPageWindow } from "@/lib/db/pagination";
import {
  closeReports,
  countGroupReports,
  findReport,
  hasReported,
  insertReport,
  listGroupReports,
  type ReportInContext,
  type ReportReason,
  type ReportRecord,
  type ReportResolution,
  type ReportStatus,
} from "@/lib/db/reports";
import { inTransaction } from "@/lib/db/engine/transaction";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { lockPost } from "@/lib/services/moderation-targets";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";
import { markPostDeleted } from "@/lib/services/post-moderation";

export const MAX_REPORT_NOTE = 500;

/** Contract section 12: flag a post for the group's moderators, once per post and person. */
export async function reportPost(actor: SignedIn, postId: number, input: { reason: ReportReason; note: string }): Promise<ReportRecord> {
  return inTransaction(async (tx) => {
    const { post, role } = await lockPost(tx, actor, postId);
    if (!canReport(actor, role)) refuseWrite(role, "post", "You cannot report posts in this group");
    await ensureGateHolds(actor, role);
    if (post.deletedBy !== null) throw new Forbidden("This post was deleted");
    if (await hasReported(tx, postId, actor.id)) throw new Conflict("You have already reported this post", "post_id");
    return insertReport(tx, { postId, threadId: post.threadId, groupId: post.groupId, reporterId: actor.id, reason: input.reason, note: input.note });
  });
}

async function requireModerator(actor: SignedIn, groupId: number): Promise<void> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  if (!canModerate(role)) throw new Forbidden("Only the group's moderators can see its reports");
}

export interface ReportQuery {
  status: ReportStatus;
  page: number;
  perPage: number;
}

/** Contract section 12: the moderation queue, newest first. */
export async function listReports(actor: SignedIn, groupId: number, query: ReportQuery): Promise<ReportInContext[]> {
  await requireModerator(actor, groupId);
  return listGroupReports(groupId, query.status, toPageWindow(query.page, query.perPage));
}

/** The queue and how many reports it holds, for the moderation page. */
export async function listReportsWithTotal(actor: SignedIn, groupId: number, query: ReportQuery): Promise<{ reports: ReportInContext[]; total: number }> {
  const [reports, total] = await Promise.all([listReports(actor, groupId, query), countGroupReports(groupId, query.status)]);
  return { reports, total };
}

/**
 * Contract section 12: a moderator closes a report: `dismiss` leaves the post, `delete_post`
 * deletes it as a moderator (closing every open report of it). A closed report stays as it was.
 */
export async function resolveReport(actor: SignedIn, reportId: number, action: ReportResolution): Promise<ReportRecord> {
  return inTransaction(async (tx) => {
    const found = await findReport(reportId, tx);
    if (!found) throw new NotFound("report");
    // Lock the post first (the order every post write uses), then read the report again under that lock.
    const target = await lockPost(tx, actor, found.postId).catch((error: unknown) => {
      throw error instanceof NotFound ? new NotFound("report") : error;
    });
    if (!canModerate(target.role)) throw new Forbidden("Only the group's moderators can resolve reports");
    const report = (await findReport(reportId, tx))!;
    if (report.status !== "open") return report;
    if (action === "delete_post") await markPostDeleted(tx, actor, target, `report #${report.id}: ${report.reason}`);
    await closeReports(tx, { id: report.id }, action, actor.id);
    await recordModAction(tx, {
      groupId: report.groupId,
      moderatorId: actor.id,
      action: "resolve_report",
      targetType: "report",
      targetId: report.id,
      reason: action === "delete_post" ? "post deleted" : "dismissed",
    });
    return (await findReport(reportId, tx))!;
  });
}
