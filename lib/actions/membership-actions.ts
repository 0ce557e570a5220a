"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { Invalid, NotFound } from "@/lib/errors";
import { GateRuleSchema } from "@/lib/schemas/membership-schemas";
import { updateGroupPolicy } from "@/lib/services/groups";
import { approveRequest, inviteUser, joinGroup, leaveGroup, rejectRequest } from "@/lib/services/memberships";
import { findUserIdByName } from "@/lib/services/users";
import { checkMyGate, setGroupGate } from "@/lib/services/token-gates";
import type { GroupJoining, GroupVisibility } from "@/lib/views/group-view";

// Contract section 14 for the pages: the same use cases as the API.

const GroupRef = z.object({ groupId: z.number().int().positive(), groupName: z.string().max(64) });

function refresh(groupName: string): void {
  revalidatePath(`/g/${groupName}`, "layout");
}

/** Join, or ask to join with a message; answers the new state. */
export const joinGroupAction = defineAction(
  { name: "joinGroup", auth: "user", input: GroupRef.extend({ message: z.string().max(500) }) },
  async ({ viewer, input }) => {
    const { membership } = await joinGroup(viewer, input.groupId, input.message.trim());
    refresh(input.groupName);
    return membership.state;
  },
);

/** Leave, or withdraw a pending request. */
export const leaveGroupAction = defineAction({ name: "leaveGroup", auth: "user", input: GroupRef }, async ({ viewer, input }) => {
  await leaveGroup(viewer, input.groupId);
  refresh(input.groupName);
  return undefined;
});

const RequestInput = GroupRef.extend({ userId: z.number().int().positive(), approve: z.boolean() });

/** The moderators' queue: approve or reject one request. */
export const answerRequestAction = defineAction({ name: "answerRequest", auth: "user", input: RequestInput }, async ({ viewer, input }) => {
  if (input.approve) await approveRequest(viewer, input.groupId, input.userId);
  else await rejectRequest(viewer, input.groupId, input.userId, "");
  refresh(input.groupName);
  return undefined;
});

/** Invite someone by username. */
export const inviteByNameAction = defineAction(
  { name: "inviteByName", auth: "user", input: GroupRef.extend({ username: z.string().trim().min(1, "Type a username").max(64) }) },
  async ({ viewer, input }) => {
    const userId = await findUserIdByName(input.username);
    if (userId === null) throw new NotFound("user", `No one is called ${input.username}`);
    await inviteUser(viewer, input.groupId, userId);
    return undefined;
  },
);

const PolicyInput = GroupRef.extend({
  joining: z.enum(["open", "request", "invitation", "gate"] satisfies GroupJoining[]),
  visibility: z.enum(["public", "private", "hidden"] satisfies GroupVisibility[]),
  openReadonly: z.boolean(),
  allowEveryone: z.boolean(),
  allowPost: z.boolean(),
  allowAllFileTypes: z.boolean(),
});
export type MembershipSettingsInput = z.infer<typeof PolicyInput>;

/** Group settings: who may join and read, and attachment rules (admins). */
export const updateMembershipSettingsAction = defineAction(
  { name: "updateMembershipSettings", auth: "user", input: PolicyInput },
  async ({ viewer, input }) => {
    const { joining, visibility, openReadonly, allowEveryone, allowPost, allowAllFileTypes } = input;
    await updateGroupPolicy(viewer, input.groupId, { joining, visibility, openReadonly, attachRules: { allowEveryone, allowPost, allowAllFileTypes } });
    refresh(input.groupName);
    return undefined;
  },
);

/** Group settings' archive switch (contract section 19; the form showed its warning before turning it on). */
export const setGroupArchiveAction = defineAction(
  { name: "setGroupArchive", auth: "user", input: GroupRef.extend({ archive: z.boolean() }) },
  async ({ viewer, input }) => {
    await updateGroupPolicy(viewer, input.groupId, { archive: input.archive });
    refresh(input.groupName);
    return undefined;
  },
);

const GateInput = GroupRef.extend({ logic: z.enum(["all", "any"]), rules: z.array(z.unknown()).max(5) });

/** The token gate editor: save (no rules removes the gate). */
export const setGateAction = defineAction({ name: "setGate", auth: "user", input: GateInput }, async ({ viewer, input }) => {
  const rules = input.rules.map((rule, index) => {
    const parsed = GateRuleSchema.safeParse(rule);
    if (!parsed.success)
      throw new Invalid(null, `Rule ${index + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    return parsed.data;
  });
  await setGroupGate(viewer, input.groupId, { logic: input.logic, rules });
  refresh(input.groupName);
  return undefined;
});

/** "Check my wallet": each rule met or not, with the balance. */
export const checkGateAction = defineAction({ name: "checkGate", auth: "user", input: GroupRef }, async ({ viewer, input }) => {
  const check = await checkMyGate(viewer, input.groupId);
  return { eligible: check.eligible, rules: check.rules };
});
