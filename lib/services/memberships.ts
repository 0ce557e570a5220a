import "server-only";
import {
  canManageMembers,
  isMember,
  loadGroupRole,
  rankInGroup,
  readDenial,
  type Actor,
  type GroupAdminRole,
  type GroupRole,
  type SignedIn,
} from "@/lib/auth/permissions";
import {
  countJoinRequests,
  countMembers,
  createInvite,
  deleteJoinRequest,
  deleteMember,
  findOpenInvite,
  hasJoinRequest,
  insertMember,
  listJoinRequests,
  listMembers,
  listModeratorIds,
  readMembersCount,
  upsertJoinRequest,
  useInvites,
  type InviteRow,
  type MemberRow,
  type PendingRequestRow,
} from "@/lib/db/memberships";
import { lockGroupRow } from "@/lib/db/group-writes";
import { recordModAction } from "@/lib/db/modlog";
import { forgetGroupThreads, notifyMembership } from "@/lib/db/notifications";
import { toPageWindow } from "@/lib/db/pagination";
import type { GroupVisibility } from "@/lib/db/records/codes";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { userExists } from "@/lib/db/users";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { assertGroupReadable } from "@/lib/services/group-access";
import { checkGroupGate, describeUnmetGate } from "@/lib/services/token-gates";

// Contract section 14: join, leave, requests, invitations, the member list.

export type MembershipState = "member" | "pending" | "none";

export interface MembershipRecord {
  groupId: number;
  userId: number;
  state: MembershipState;
  /** A member's role (a site super_admin ranks as owner); null for a plain member, or someone not a member. */
  adminRole: GroupAdminRole | null;
}

/** The person's role in the group inside the write's transaction, the group row locked (members_count moves). */
async function lockRole(tx: Tx, actor: SignedIn, groupId: number): Promise<GroupRole> {
  await lockGroupRow(tx, groupId);
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role) throw new NotFound("group");
  return role;
}

function membershipOf(role: GroupRole, state: MembershipState): MembershipRecord {
  return { groupId: role.groupId, userId: role.userId ?? 0, state, adminRole: state === "member" ? rankInGroup(role) : null };
}

/** Someone who just became a member: no role yet. */
function newMemberRecord(groupId: number, userId: number): MembershipRecord {
  return { groupId, userId, state: "member", adminRole: null };
}

/** Join (open, invited, gate held) or ask to join (by request). Idempotent; a ban or a missing invitation or token refuses it. */
export async function joinGroup(actor: SignedIn, groupId: number, message: string): Promise<{ membership: MembershipRecord; members: number }> {
  // The gate is read from the chains outside the transaction (a network call must not hold row locks).
  const pre = await loadGroupRole(actor, groupId);
  if (!pre) throw new NotFound("group");
  const gate = pre.policy.joining === "gate" && !isMember(pre) && !pre.banned ? await checkGroupGate(actor.id, groupId) : null;
  return inTransaction(async (tx) => {
    const role = await lockRole(tx, actor, groupId);
    if (isMember(role)) return { membership: membershipOf(role, "member"), members: await readMembersCount(tx, groupId) };
    const invite = await findOpenInvite(tx, groupId, actor.id);
    // A hidden group does not exist for someone it never invited.
    if (readDenial(role) === "hidden" && !invite && !role.pending) throw new NotFound("group");
    if (role.banned) throw new Forbidden("You are banned in this group and cannot join it");
    const { joining } = role.policy;
    let admitted = joining === "open" || (invite !== null && (joining === "request" || joining === "invitation"));
    if (!admitted && joining === "gate") {
      if (!gate?.eligible) throw new Forbidden(`This group is token-gated: ${gate ? describeUnmetGate(gate) : "it has no gate configured"}`);
      admitted = true;
    }
    if (!admitted && joining === "invitation") throw new Forbidden("This group is by invitation only and you have no open invitation");
    if (admitted) {
      await insertMember(tx, groupId, actor.id, joining === "gate" ? new Date() : null);
      if (invite) await useInvites(tx, groupId, actor.id);
      return { membership: newMemberRecord(groupId, actor.id), members: await readMembersCount(tx, groupId) };
    }
    // By request: one pending request, its message the latest; the moderators hear of a new one.
    const isNew = !role.pending;
    await upsertJoinRequest(tx, groupId, actor.id, message);
    if (isNew) await notifyMembership(tx, groupId, actor.id, await listModeratorIds(tx, groupId));
    return { membership: { groupId, userId: actor.id, state: "pending" as const, adminRole: null }, members: await readMembersCount(tx, groupId) };
  });
}

/** Leave (or withdraw a request). The owner cannot leave; a moderator who leaves loses the role. */
export async function leaveGroup(actor: SignedIn, groupId: number): Promise<{ members: number }> {
  return inTransaction(async (tx) => {
    const role = await lockRole(tx, actor, groupId);
    if (role.adminRole === "owner") throw new Forbidden("The owner cannot leave the group");
    const wasMember = await deleteMember(tx, groupId, actor.id);
    const hadRequest = await deleteJoinRequest(tx, groupId, actor.id);
    if (!wasMember && !hadRequest) {
      if (readDenial(role) === "hidden") throw new NotFound("group");
      throw new Forbidden("You are not a member of this group");
    }
    if (wasMember && role.policy.visibility !== "public") await forgetGroupThreads(tx, groupId, actor.id);
    return { members: await readMembersCount(tx, groupId) };
  });
}

async function requireMemberManager(tx: Tx, actor: SignedIn, groupId: number): Promise<GroupRole> {
  const role = await lockRole(tx, actor, groupId);
  if (readDenial(role) === "hidden") throw new NotFound("group");
  if (!canManageMembers(role)) throw new Forbidden("Only the group's moderators can manage its members");
  return role;
}

/** A moderator admits a pending request; the requester is notified. */
export async function approveRequest(actor: SignedIn, groupId: number, userId: number): Promise<MembershipRecord> {
  return inTransaction(async (tx) => {
    await requireMemberManager(tx, actor, groupId);
    if (!(await hasJoinRequest(tx, groupId, userId))) throw new NotFound("request", "request not found: this user has no pending request");
    await insertMember(tx, groupId, userId);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "approve_member", targetType: "user", targetId: userId });
    await notifyMembership(tx, groupId, actor.id, [userId]);
    return newMemberRecord(groupId, userId);
  });
}

/** A moderator turns a request down; the requester is notified and may ask again. */
export async function rejectRequest(actor: SignedIn, groupId: number, userId: number, reason: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireMemberManager(tx, actor, groupId);
    if (!(await deleteJoinRequest(tx, groupId, userId))) throw new NotFound("request", "request not found: this user has no pending request");
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "reject_member", targetType: "user", targetId: userId, reason });
    await notifyMembership(tx, groupId, actor.id, [userId]);
  });
}

/** A moderator invites someone (14 days); they are notified and join with join. */
export async function inviteUser(actor: SignedIn, groupId: number, userId: number): Promise<InviteRow> {
  return inTransaction(async (tx) => {
    await requireMemberManager(tx, actor, groupId);
    const target = await loadGroupRole({ id: userId }, groupId, tx);
    if (!target || !(await userExists(tx, userId))) throw new NotFound("user");
    if (isMember(target)) throw new Conflict("user_id: this user is already a member", "user_id");
    if (target.banned) throw new Forbidden("This user is banned in the group");
    const invite = await createInvite(tx, groupId, userId, actor.id);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "invite_member", targetType: "user", targetId: userId });
    await notifyMembership(tx, groupId, actor.id, [userId]);
    return invite;
  });
}

export interface MemberListItem extends MemberRow {
  state: "member" | "pending";
}

/** Members (anyone who may read the group) or pending requests (moderators), a page at a time. */
export async function listGroupMembers(
  actor: Actor,
  groupId: number,
  input: { state: "member" | "pending"; page: number; perPage: number },
): Promise<{ members: MemberListItem[]; count: number }> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  assertGroupReadable(role);
  const window = toPageWindow(input.page, input.perPage);
  if (input.state === "pending") {
    if (!canManageMembers(role)) throw new Forbidden("Only the group's moderators can see pending requests");
    const [rows, count] = await Promise.all([listJoinRequests(groupId, window), countJoinRequests(groupId)]);
    return {
      members: rows.map((row) => ({
        user: { id: row.userId, username: row.username, photoUrl: row.photoUrl },
        adminRole: null,
        joinedAt: row.createdAt,
        state: "pending",
      })),
      count,
    };
  }
  const [rows, count] = await Promise.all([listMembers(groupId, window), countMembers(groupId)]);
  return { members: rows.map((row) => ({ ...row, state: "member" })), count };
}

/** Get group info's pending_user: the queue, for moderators only. */
export async function listPendingForModerators(role: GroupRole): Promise<PendingRequestRow[]> {
  return canManageMembers(role) ? listJoinRequests(role.groupId) : [];
}

/** Ends a membership for a ban (contract section 14: a ban also ends the membership). */
export async function endMembershipForBan(tx: Tx, groupId: number, userId: number, visibility: GroupVisibility): Promise<void> {
  const wasMember = await deleteMember(tx, groupId, userId);
  await deleteJoinRequest(tx, groupId, userId);
  if (wasMember && visibility !== "public") await forgetGroupThreads(tx, groupId, userId);
}
