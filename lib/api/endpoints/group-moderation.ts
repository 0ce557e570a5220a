import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeBan } from "@/lib/api/serializers/ban";
import { serializeGroupAdmin } from "@/lib/api/serializers/group";
import { serializeModlogEntry } from "@/lib/api/serializers/modlog-entry";
import { serializeQueuedReport, serializeReport } from "@/lib/api/serializers/report";
import { listGroupAdmins } from "@/lib/db/groups";
import {
  BanDaysSchema,
  BanResponseSchema,
  EmptyResponseSchema,
  GroupAdminsResponseSchema,
  ModlogResponseSchema,
  ReasonParamSchema,
  ReportResolutionSchema,
  ReportResponseSchema,
  ReportsResponseSchema,
  ReportStatusSchema,
  RoleLevelSchema,
} from "@/lib/schemas/moderation-schemas";
import { idParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { banUser, liftBan } from "@/lib/services/bans";
import { setGroupRole } from "@/lib/services/group-roles";
import { listModlog } from "@/lib/services/modlog";
import { listReports, resolveReport } from "@/lib/services/reports";

// Contract section 12: a group's moderation queue, bans, team and modlog.

const groupParams = z.object({ group_id: idParam() });
const pageParams = { page: pageParam(), per_page: pageSizeParam(20) };

// GET /api/v2/groups/{group_id}/reports
export const groupReportsEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/reports",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "The group's reports, newest first (moderators)",
    params: groupParams.extend({ status: unsetWhenBlank(ReportStatusSchema.default("open")), ...pageParams }),
    response: ReportsResponseSchema,
    listKey: "reports",
  },
  async ({ params, viewer }) => {
    const reports = await listReports(viewer, params.group_id, { status: params.status, page: params.page, perPage: params.per_page });
    return { reports: reports.map(serializeQueuedReport) };
  },
);

// POST /api/v2/reports/{report_id}/resolve
export const resolveReportEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/reports/{report_id}/resolve",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Close a report: dismiss it, or delete the post (moderators)",
    params: z.object({ report_id: idParam(), action: ReportResolutionSchema }),
    response: ReportResponseSchema,
  },
  async ({ params, viewer }) => ({ report: serializeReport(await resolveReport(viewer, params.report_id, params.action)) }),
);

// POST /api/v2/groups/{group_id}/bans
export const banUserEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/bans",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Ban a user from writing in the group for `days` (0 = until lifted) (moderators, on lower roles)",
    params: groupParams.extend({ user_id: idParam(), reason: ReasonParamSchema, days: BanDaysSchema }),
    response: BanResponseSchema,
  },
  async ({ params, viewer }) => {
    const ban = await banUser(viewer, params.group_id, { userId: params.user_id, reason: params.reason, days: params.days });
    return { ban: serializeBan(ban) };
  },
);

// POST /api/v2/groups/{group_id}/bans/{user_id}/lift
export const liftBanEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/bans/{user_id}/lift",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Lift a ban (moderators)",
    params: groupParams.extend({ user_id: idParam() }),
    response: EmptyResponseSchema,
  },
  async ({ params, viewer }) => {
    await liftBan(viewer, params.group_id, params.user_id);
    return {};
  },
);

// POST /api/v2/groups/{group_id}/admins
export const setGroupRoleEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/admins",
    family: "v2",
    auth: "user",
    tag: "Moderation",
    summary: "Give (2 admin, 3 moderator) or take (0) a role: the owner for admins and moderators, admins for moderators",
    params: groupParams.extend({ user_id: idParam(), level: RoleLevelSchema }),
    response: GroupAdminsResponseSchema,
  },
  async ({ params, viewer }) => {
    await setGroupRole(viewer, params.group_id, { userId: params.user_id, role: params.level === 0 ? null : params.level === 2 ? "admin" : "moderator" });
    return { group_admin: (await listGroupAdmins(params.group_id)).map(serializeGroupAdmin) };
  },
);

// GET /api/v2/groups/{group_id}/modlog
export const modlogEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/modlog",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Moderation",
    summary: "The group's public log of moderator actions, newest first (moderators' names shown to moderators only)",
    params: groupParams.extend(pageParams),
    response: ModlogResponseSchema,
    listKey: "entries",
  },
  async ({ params, viewer }) => {
    const page = await listModlog(viewer, params.group_id, params.page, params.per_page);
    return { entries: page.entries.map((entry) => serializeModlogEntry(entry, page.moderatorsVisible)) };
  },
);
