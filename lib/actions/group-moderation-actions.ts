"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { REPORT_RESOLUTIONS } from "@/lib/schemas/report-values";
import { banUser, liftBan, MAX_BAN_DAYS } from "@/lib/services/bans";
import { setGroupRole } from "@/lib/services/group-roles";
import { resolveReport } from "@/lib/services/reports";
import { resolveUsername } from "@/lib/services/users";
import { MAX_BAN_REASON, type AssignableRole } from "@/lib/views/moderation-view";

// The moderation page's buttons and forms, through the same use cases as the API (contract section 12).

const Id = z.number().int().positive().max(2_147_483_647);
const Username = z.string().trim().min(1).max(64);

// The forms name people by username; the use cases take ids.
const requireUserId = resolveUsername;

const ResolveReportInput = z.object({ reportId: Id, action: z.enum(REPORT_RESOLUTIONS) });
export type ResolveReportInput = z.infer<typeof ResolveReportInput>;

export const resolveReportAction = defineAction({ name: "resolveReport", auth: "user", input: ResolveReportInput }, async ({ viewer, input }) => {
  const report = await resolveReport(viewer, input.reportId, input.action);
  return { status: report.status };
});

const BanUserInput = z.object({
  groupId: Id,
  username: Username,
  reason: z.string().trim().max(MAX_BAN_REASON),
  days: z.number().int().min(0).max(MAX_BAN_DAYS),
});
export type BanUserInput = z.infer<typeof BanUserInput>;

export const banUserAction = defineAction(
  {
    name: "banUser",
    auth: "user",
    input: BanUserInput,
    invalidInput: `Check the ban: a username, a reason of at most ${MAX_BAN_REASON} characters, and 0 to ${MAX_BAN_DAYS} days.`,
  },
  async ({ viewer, input }) => {
    const ban = await banUser(viewer, input.groupId, { userId: await requireUserId(input.username), reason: input.reason, days: input.days });
    return { until: ban.until };
  },
);

const LiftBanInput = z.object({ groupId: Id, userId: Id });
export type LiftBanInput = z.infer<typeof LiftBanInput>;

export const liftBanAction = defineAction({ name: "liftBan", auth: "user", input: LiftBanInput }, async ({ viewer, input }) => {
  await liftBan(viewer, input.groupId, input.userId);
  return undefined;
});

const SetGroupRoleInput = z.object({
  groupId: Id,
  // The team's buttons know the person; the "Add to the team" form knows a username.
  user: z.union([z.object({ id: Id }), z.object({ username: Username })]),
  // Null takes the role away.
  role: z.enum(["admin", "moderator"] satisfies AssignableRole[]).nullable(),
});
export type SetGroupRoleInput = z.infer<typeof SetGroupRoleInput>;

export const setGroupRoleAction = defineAction({ name: "setGroupRole", auth: "user", input: SetGroupRoleInput }, async ({ viewer, input }) => {
  const userId = "id" in input.user ? input.user.id : await requireUserId(input.user.username);
  await setGroupRole(viewer, input.groupId, { userId, role: input.role });
  return undefined;
});
