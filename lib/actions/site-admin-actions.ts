"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { SUSPEND_DAYS_MAX, SUSPEND_REASON_MAX } from "@/lib/schemas/site-admin-schemas";
import { assignGroupOwner } from "@/lib/services/group-ownership";
import { setGroupRecommend } from "@/lib/services/group-recommend";
import { updateGroupPolicy } from "@/lib/services/groups";
import { setAccountSuspension } from "@/lib/services/site-admin";
import { createSiteApiKey, deleteGroupAsSiteAdmin, retrySiteJob, revokeSiteApiKey, setSiteAdminFlag } from "@/lib/services/site-admin-pages";

// The /admin pages' writes (contract section 20): the same use cases as the API, for site admins.

const Id = z.number().int().positive();

function refresh(): void {
  revalidatePath("/admin", "layout");
}

export const suspendUserAction = defineAction(
  {
    name: "suspendUser",
    auth: "user",
    input: z.object({ userId: Id, suspended: z.boolean(), reason: z.string().max(SUSPEND_REASON_MAX), days: z.number().int().min(0).max(SUSPEND_DAYS_MAX) }),
  },
  async ({ viewer, input }) => {
    const { active } = await setAccountSuspension(viewer, input.userId, { suspended: input.suspended, reason: input.reason.trim(), days: input.days });
    refresh();
    return active;
  },
);

export const setSiteAdminAction = defineAction(
  { name: "setSiteAdmin", auth: "user", input: z.object({ userId: Id, on: z.boolean() }) },
  async ({ viewer, input }) => {
    await setSiteAdminFlag(viewer, input.userId, input.on);
    refresh();
    return input.on;
  },
);

export const setRecommendAction = defineAction(
  { name: "setRecommend", auth: "user", input: z.object({ groupId: Id, noRecommend: z.boolean().optional(), superNoRecommend: z.boolean().optional() }) },
  async ({ viewer, input }) => {
    const result = await setGroupRecommend(viewer, input.groupId, { noRecommend: input.noRecommend, superNoRecommend: input.superNoRecommend });
    refresh();
    return result;
  },
);

export const setGroupVisibilityAction = defineAction(
  { name: "setGroupVisibility", auth: "user", input: z.object({ groupId: Id, visibility: z.enum(["public", "private", "hidden"]) }) },
  async ({ viewer, input }) => {
    await updateGroupPolicy(viewer, input.groupId, { visibility: input.visibility });
    refresh();
    return input.visibility;
  },
);

export const deleteGroupAction = defineAction(
  { name: "deleteGroup", auth: "user", input: z.object({ groupId: Id, confirm: z.string().max(64) }) },
  async ({ viewer, input }) => {
    await deleteGroupAsSiteAdmin(viewer, input.groupId, input.confirm);
    refresh();
    return undefined;
  },
);

export const assignGroupOwnerAction = defineAction(
  { name: "assignGroupOwner", auth: "user", input: z.object({ groupId: Id, username: z.string().trim().min(1).max(64) }) },
  async ({ viewer, input }) => {
    await assignGroupOwner(viewer, input.groupId, input.username);
    refresh();
    return undefined;
  },
);

export const createApiKeyAction = defineAction(
  { name: "createApiKey", auth: "user", input: z.object({ label: z.string().max(200) }) },
  async ({ viewer, input }) => {
    const created = await createSiteApiKey(viewer, input.label);
    refresh();
    return created;
  },
);

export const revokeApiKeyAction = defineAction({ name: "revokeApiKey", auth: "user", input: z.object({ id: Id }) }, async ({ viewer, input }) => {
  await revokeSiteApiKey(viewer, input.id);
  refresh();
  return undefined;
});

export const retryJobAction = defineAction(
  { name: "retryJob", auth: "user", input: z.object({ name: z.string().max(100), id: z.string().uuid() }) },
  async ({ viewer, input }) => {
    await retrySiteJob(viewer, input.name, input.id);
    refresh();
    return undefined;
  },
);
