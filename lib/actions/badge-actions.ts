"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { NotFound } from "@/lib/errors";
import { GateRuleSchema } from "@/lib/schemas/membership-schemas";
import { BADGE_KIND_NAMES, BADGE_METRIC_NAMES } from "@/lib/schemas/badge-schemas";
import { createBadge, deleteBadge, editBadge, grantBadge, revokeBadge } from "@/lib/services/badges";
import { setTitle } from "@/lib/services/badge-titles";
import { findUserIdByName } from "@/lib/services/users";

// Contract section 19 for the pages: the same use cases as the API (the services check every field again).

const GroupRef = z.object({ groupId: z.number().int().positive(), groupName: z.string().max(64) });

const BadgeInput = GroupRef.extend({
  badgeId: z.number().int().positive().nullable(),
  name: z.string().max(200),
  description: z.string().max(1000),
  imageUrl: z.string().max(2048),
  originUrl: z.string().max(2048),
  kind: z.enum(BADGE_KIND_NAMES),
  rule: z.object({ metric: z.enum(BADGE_METRIC_NAMES), atLeast: z.number().int().min(1).max(1_000_000) }).nullable(),
  token: GateRuleSchema.nullable(),
  allowTitle: z.boolean(),
});
export type BadgeFormInput = z.input<typeof BadgeInput>;

function refresh(groupName: string): void {
  revalidatePath(`/g/${groupName}`, "layout");
}

/** Create (badgeId null) or edit a badge (admins). */
export const saveBadgeAction = defineAction({ name: "saveBadge", auth: "user", input: BadgeInput }, async ({ viewer, input }) => {
  const fields = {
    name: input.name,
    description: input.description,
    imageUrl: input.imageUrl,
    originUrl: input.originUrl,
    kind: input.kind,
    rule: input.kind === "rule" ? input.rule : null,
    token: input.kind === "token" ? input.token : null,
    allowTitle: input.allowTitle,
  };
  const badge = input.badgeId === null ? await createBadge(viewer, input.groupId, fields) : await editBadge(viewer, input.badgeId, fields);
  refresh(input.groupName);
  return { id: badge.id };
});

const BadgeRef = GroupRef.extend({ badgeId: z.number().int().positive() });

/** Delete a badge (admins). */
export const deleteBadgeAction = defineAction({ name: "deleteBadge", auth: "user", input: BadgeRef }, async ({ viewer, input }) => {
  await deleteBadge(viewer, input.badgeId);
  refresh(input.groupName);
  return undefined;
});

/** Grant a manual badge to someone by username (moderators). */
export const grantBadgeAction = defineAction(
  { name: "grantBadge", auth: "user", input: BadgeRef.extend({ username: z.string().trim().min(1, "Type a username").max(64), reason: z.string().max(300) }) },
  async ({ viewer, input }) => {
    const userId = await findUserIdByName(input.username);
    if (userId === null) throw new NotFound("user", `No one is called ${input.username}`);
    await grantBadge(viewer, input.badgeId, userId, input.reason.trim());
    refresh(input.groupName);
    return undefined;
  },
);

/** Take a manual badge back (moderators). */
export const revokeBadgeAction = defineAction(
  { name: "revokeBadge", auth: "user", input: BadgeRef.extend({ userId: z.number().int().positive() }) },
  async ({ viewer, input }) => {
    await revokeBadge(viewer, input.badgeId, input.userId);
    refresh(input.groupName);
    return undefined;
  },
);

/** Choose the title shown beside your name in the group (0 clears it). */
export const setTitleAction = defineAction(
  { name: "setTitle", auth: "user", input: GroupRef.extend({ badgeId: z.number().int().min(0) }) },
  async ({ viewer, input }) => {
    await setTitle(viewer, input.groupId, input.badgeId);
    refresh(input.groupName);
    return undefined;
  },
);
