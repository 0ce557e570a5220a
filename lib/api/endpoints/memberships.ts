import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeGroup } from "@/lib/api/serializers/group";
import { serializeGate, serializeGateCheck, serializeInvite, serializeMember, serializeMembership } from "@/lib/api/serializers/membership";
import { isSet, readJoining, readVisibility } from "@/lib/db/records/codes";
import { GroupSchema } from "@/lib/schemas/group-schemas";
import {
  GateCheckResponseSchema,
  GateParamsSchema,
  GateResponseSchema,
  GroupUserParamsSchema,
  InviteParamsSchema,
  InviteResponseSchema,
  JoinParamsSchema,
  JoinResponseSchema,
  LeaveResponseSchema,
  MembersParamsSchema,
  MembershipResponseSchema,
  MembersResponseSchema,
  RejectParamsSchema,
  SettingsParamsSchema,
  type GroupMembershipSettings,
} from "@/lib/schemas/membership-schemas";
import { EmptyResponseSchema } from "@/lib/schemas/moderation-schemas";
import { idParam } from "@/lib/schemas/params";
import { updateGroupPolicy, type GroupPolicyInput } from "@/lib/services/groups";
import { approveRequest, inviteUser, joinGroup, leaveGroup, listGroupMembers, rejectRequest } from "@/lib/services/memberships";
import { checkMyGate, setGroupGate } from "@/lib/services/token-gates";

// Contract section 14: membership, requests, invitations, group settings and token gates.

/** The settings' digits as the domain's names; what was not sent stays unset. */
function readPolicyParams(params: GroupMembershipSettings): GroupPolicyInput {
  const files = params.attached_files;
  return {
    joining: params.joining === undefined ? undefined : readJoining(params.joining),
    visibility: params.visibility === undefined ? undefined : readVisibility(params.visibility),
    openReadonly: params.open_readonly === undefined ? undefined : isSet(params.open_readonly),
    attachRules: files && {
      ...(files.allow_everyone !== undefined ? { allowEveryone: isSet(files.allow_everyone) } : {}),
      ...(files.allow_post !== undefined ? { allowPost: isSet(files.allow_post) } : {}),
      ...(files.allow_all_file_type !== undefined ? { allowAllFileTypes: isSet(files.allow_all_file_type) } : {}),
    },
    pollCategoryIds: params.poll_category,
    archive: params.archive === undefined ? undefined : isSet(params.archive),
  };
}

const groupParams = z.object({ group_id: idParam() });

// POST /api/v2/groups/{group_id}/join
export const joinGroupEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/join",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Join the group, or ask to join it (by request: `message` for the moderators); idempotent",
    params: JoinParamsSchema,
    response: JoinResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const { membership, members } = await joinGroup(viewer, params.group_id, params.message);
    return { membership: serializeMembership(membership), members };
  },
);

// POST /api/v2/groups/{group_id}/leave
export const leaveGroupEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/leave",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Leave the group (or withdraw a request); the owner cannot leave, a moderator who leaves loses the role",
    params: groupParams,
    response: LeaveResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => leaveGroup(viewer, params.group_id),
);

// GET /api/v2/groups/{group_id}/members
export const groupMembersEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/members",
    family: "v2",
    auth: "optional",
    tag: "Membership",
    summary: "The group's members, moderators first, then by join date (`state=pending`: the request queue, moderators only)",
    params: MembersParamsSchema,
    response: MembersResponseSchema,
    listKey: "members",
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const page = await listGroupMembers(viewer, params.group_id, { state: params.state, page: params.page, perPage: params.per_page });
    return { members: page.members.map(serializeMember), count: page.count };
  },
);

// POST /api/v2/groups/{group_id}/requests/{user_id}/approve
export const approveRequestEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/requests/{user_id}/approve",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Admit a pending request (moderators); the requester is notified",
    params: GroupUserParamsSchema,
    response: MembershipResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ membership: serializeMembership(await approveRequest(viewer, params.group_id, params.user_id)) }),
);

// POST /api/v2/groups/{group_id}/requests/{user_id}/reject
export const rejectRequestEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/requests/{user_id}/reject",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Turn a pending request down (moderators); the requester is notified and may ask again",
    params: RejectParamsSchema,
    response: EmptyResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    await rejectRequest(viewer, params.group_id, params.user_id, params.reason);
    return {};
  },
);

// POST /api/v2/groups/{group_id}/invites
export const inviteUserEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/invites",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Invite a user for 14 days (moderators); they are notified and join with join",
    params: InviteParamsSchema,
    response: InviteResponseSchema,
    errors: ["not_found", "forbidden", "conflict"],
  },
  async ({ params, viewer }) => ({ invite: serializeInvite(await inviteUser(viewer, params.group_id, params.user_id)) }),
);

// POST /api/v2/groups/{group_id}/settings
export const groupSettingsEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/settings",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Joining, visibility, read-only for non-members, attachment rules and `archive` (public groups only; turning it on answers `warnings`) (admins)",
    params: SettingsParamsSchema,
    response: z.object({ group: GroupSchema, warnings: z.array(z.string()).optional() }),
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const { record, warnings } = await updateGroupPolicy(viewer, params.group_id, readPolicyParams(params));
    return { group: serializeGroup(record), ...(warnings.length > 0 ? { warnings } : {}) };
  },
);

// POST /api/v2/groups/{group_id}/gate
export const setGateEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/gate",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Set the token gate: `logic` all or any over 1–5 `rules` (a JSON array); an empty array removes it (admins)",
    params: GateParamsSchema,
    response: GateResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({
    gate: serializeGate(await setGroupGate(viewer, params.group_id, { logic: params.logic, rules: params.rules }), params.logic),
  }),
);

// GET /api/v2/groups/{group_id}/gate/check
export const checkGateEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/gate/check",
    family: "v2",
    auth: "user",
    tag: "Membership",
    summary: "Whether the group's token gate holds for the signed-in user, rule by rule, over all of their EVM wallets",
    params: groupParams,
    response: GateCheckResponseSchema,
    errors: ["not_found"],
  },
  async ({ params, viewer }) => serializeGateCheck(await checkMyGate(viewer, params.group_id)),
);
