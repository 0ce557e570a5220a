import "server-only";
import type { AttachRules } from "@/lib/db/attach-rules";
import { adminRoleLevel, type GroupAdminRole, type GroupVisibility } from "@/lib/db/records/codes";
import { findGroupRoleFacts, type GroupPolicy, type GroupRoleFacts } from "@/lib/db/roles";
import type { DeletedBy } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Every "may this person do that" of Agora, in one place (contract section 12's roles). Services
// ask before they write, serializers for can_edit/can_delete, pages before they show a control.

/** The person acting: a signed-in user, or null for a guest. */
export type Actor = { id: number } | null;

/** A signed-in actor, for use cases that need one. */
export type SignedIn = { id: number };

/** Who is looking and what they are in the group: what serializers and views ask abilities with. */
export interface Access {
  actor: Actor;
  role: GroupRole;
}

/** An actor's standing in one group. */
export interface GroupRole {
  groupId: number;
  userId: number | null;
  /** Owner, admin or moderator; null for members and guests. */
  adminRole: GroupAdminRole | null;
  /** Site super_admin: every group ability, in every group. */
  superAdmin: boolean;
  /** Under a live ban in this group: reads only. */
  banned: boolean;
  /** A group_members row (moderators count as members whether or not they have one). */
  member: boolean;
  /** Waiting for a moderator to approve a request to join. */
  pending: boolean;
  /** When the token gate last held for this member. */
  gateCheckedAt: Date | null;
  /** The group's joining, visibility and read-only rules (contract section 14). */
  policy: GroupPolicy;
}

export type { AttachRules, GroupAdminRole, GroupPolicy };

/** A public, open group's policy: what a role built without reading its group assumes. */
export const OPEN_POLICY: GroupPolicy = { joining: "open", visibility: "public", openReadonly: false, hasGate: false, archive: false };

/** A guest in a group. Reads of a group's content must load the role (loadGroupRole(null, ...)) so its policy is the group's own. */
export function guestRole(groupId: number, policy: GroupPolicy = OPEN_POLICY): GroupRole {
  return { groupId, userId: null, adminRole: null, superAdmin: false, banned: false, member: false, pending: false, gateCheckedAt: null, policy };
}

/** The actor's role in a group (one query; inside a write's transaction when `tx` is given), or null when the group does not exist. A guest's role carries the group's policy. */
export async function loadGroupRole(actor: Actor, groupId: number, tx?: Tx): Promise<GroupRole | null> {
  const facts = await findGroupRoleFacts(groupId, actor?.id ?? null, tx);
  return facts ? roleFromFacts(actor, facts) : null;
}

/** The actor's role from facts already read (with a thread, say, in the same statement). */
export function roleFromFacts(actor: Actor, facts: GroupRoleFacts): GroupRole {
  if (!actor) return guestRole(facts.groupId, facts.policy);
  // The owner is the owner even if the group_admins row went missing.
  const adminRole = facts.ownerId === actor.id ? "owner" : facts.adminRole;
  const { superAdmin, banned, member, pending, gateCheckedAt, policy } = facts;
  return { groupId: facts.groupId, userId: actor.id, adminRole, superAdmin, banned, member, pending, gateCheckedAt, policy };
}

// ---- Membership and privacy (contract section 14): the one rule every read path asks. ----

/** A member of the group: a group_members row, any role (moderators are always members), or a site super_admin. */
export function isMember(role: GroupRole): boolean {
  return role.userId !== null && (role.superAdmin || role.adminRole !== null || role.member);
}

/** Why a viewer may not read a group's content: "hidden" (404: to them it does not exist), "private" (403), or null (they may). */
export function readDenial(role: GroupRole): "hidden" | "private" | null {
  if (role.policy.visibility === "public" || isMember(role)) return null;
  return role.policy.visibility;
}

/** May the viewer read the group's categories, threads, posts, members, search hits and events? */
export function canReadGroup(role: GroupRole): boolean {
  return readDenial(role) === null;
}

/** May the viewer know the group exists (its card and get group info)? Hidden groups exist for their members only. */
export function canSeeGroup(role: GroupRole): boolean {
  return readDenial(role) !== "hidden";
}

/** Whether writing in the group takes membership: joining other than open, read-only for non-members, or not public. */
export function writeNeedsMembership(policy: GroupPolicy): boolean {
  return policy.joining !== "open" || policy.openReadonly || policy.visibility !== "public";
}

/** Approving and rejecting requests, inviting: the group's moderators. */
export const canManageMembers = (role: GroupRole): boolean => canModerate(role);

/** Orders roles: negative when `a` is the higher role (owner, then admin, then moderator). */
export function compareRoles(a: GroupAdminRole, b: GroupAdminRole): number {
  return adminRoleLevel(a) - adminRoleLevel(b);
}

function hasRole(role: GroupRole, atLeast: GroupAdminRole): boolean {
  return role.superAdmin || (role.adminRole !== null && compareRoles(role.adminRole, atLeast) <= 0);
}

/** Title, description, art and categories: the owner and admins. */
export function canManageGroup(role: GroupRole): boolean {
  return hasRole(role, "admin");
}

export const canManageCategories = canManageGroup;
/** A group's tags (contract section 18): the owner and admins. */
export const canManageTags = canManageGroup;
/** A group's badges (contract section 19): the owner and admins define them. */
export const canManageBadges = canManageGroup;

/** Delete others' posts, pin, lock, ban, handle reports: moderators and above. */
export function canModerate(role: GroupRole): boolean {
  return hasRole(role, "moderator");
}

/** Grant and revoke manual badges (contract section 19): moderators and above. */
export const canGrantBadges = canModerate;

/** Who may be given `next`, by whom: the owner names admins and moderators, an admin moderators. */
export function canAssignRole(role: GroupRole, next: GroupAdminRole): boolean {
  if (next === "owner") return false;
  if (role.superAdmin || role.adminRole === "owner") return true;
  return role.adminRole === "admin" && next === "moderator";
}

/** A person's rank in the group (null for none): a site super_admin ranks as an owner (contract section 12). */
export function rankInGroup(role: GroupRole | null): GroupAdminRole | null {
  if (!role) return null;
  return role.superAdmin ? "owner" : role.adminRole;
}

/** Moderation acts on people of a lower role only: a moderator cannot ban an admin. */
export function outranks(role: GroupRole, target: GroupAdminRole | null): boolean {
  // Above everyone but the owner, for a super_admin too.
  const rank = rankInGroup(role);
  if (rank === null) return false;
  return target === null || compareRoles(rank, target) < 0;
}

/** Whether the role belongs to this signed-in actor (a role loaded for someone else grants nothing). */
function isActing(actor: Actor, role: GroupRole): actor is SignedIn {
  return actor !== null && role.userId === actor.id;
}

/** Writing in a group (posts, threads, likes, reports): signed in, not banned there, and a member where the group asks for one. */
export function canPost(actor: Actor, role: GroupRole): boolean {
  return isActing(actor, role) && !role.banned && (isMember(role) || !writeNeedsMembership(role.policy));
}

/** Replying in a thread: as for posting, and a locked thread takes replies from moderators only. */
export function canReply(actor: Actor, role: GroupRole, thread: { locked: boolean }): boolean {
  return canPost(actor, role) && (!thread.locked || canModerate(role));
}

export const canLike = canPost;
export const canReport = canPost;
/** Voting in a poll (contract section 18): as for posting; token eligibility is the poll's own check. */
export const canVote = canPost;
/** Tipping (contract section 19): anyone signed in who may read the post and is not banned in its group; never one's own post. */
export function canTip(actor: SignedIn, post: { userId: number }, role: GroupRole): boolean {
  return !role.banned && actor.id !== post.userId;
}

/** A removed thread is gone for everyone but the group's moderators (who can still review it). */
export function canReadThread(thread: { deleted: boolean }, role: GroupRole | null): boolean {
  return !thread.deleted || (role !== null && canModerate(role));
}

function isAuthor(actor: Actor, item: { userId: number }): boolean {
  return actor !== null && actor.id === item.userId;
}

/** A deleted post's words: still shown to its author and the group's moderators, "[]" to everyone else. */
export function canSeeDeletedContent(actor: Actor, post: { userId: number }, role: GroupRole): boolean {
  return canSeeDeletedContentAs(actor, post, isActing(actor, role) && canModerate(role));
}

/** The same rule for lists that span groups (a person's posts), where `moderatesGroup` was read per post's group. */
export function canSeeDeletedContentAs(actor: Actor, post: { userId: number }, moderatesGroup: boolean): boolean {
  return isAuthor(actor, post) || moderatesGroup;
}

/** Editing a live post: its author (unless banned in the group) or a moderator. */
export function canEditPost(actor: Actor, post: { userId: number; deletedBy: DeletedBy }, role: GroupRole): boolean {
  if (post.deletedBy !== null || actor === null) return false;
  return (isAuthor(actor, post) && !role.banned) || (isActing(actor, role) && canModerate(role));
}

/** Deleting a live post: its author, or a moderator of its group. */
export function canDeletePost(actor: Actor, post: { userId: number; deletedBy: DeletedBy }, role: GroupRole): boolean {
  if (post.deletedBy !== null || actor === null) return false;
  return isAuthor(actor, post) || (isActing(actor, role) && canModerate(role));
}

/** Bringing a post back: moderators; its author only when they deleted it themselves. */
export function canRestorePost(actor: Actor, post: { userId: number; deletedBy: DeletedBy }, role: GroupRole): boolean {
  if (post.deletedBy === null || actor === null) return false;
  return (isActing(actor, role) && canModerate(role)) || (isAuthor(actor, post) && post.deletedBy === "author" && !role.banned);
}

/** A thread's title and category: its author (unless banned) or a moderator. */
export function canEditThread(actor: Actor, thread: { userId: number }, role: GroupRole): boolean {
  return (isAuthor(actor, thread) && !role.banned) || (isActing(actor, role) && canModerate(role));
}

/** Adding, editing and closing a thread's polls (contract section 18): as for the thread's title. */
export const canManagePolls = canEditThread;

/** Removing a thread: moderators, or its author while nobody else has replied. */
export function canDeleteThread(actor: Actor, thread: { userId: number }, role: GroupRole, othersReplied: boolean): boolean {
  return (isActing(actor, role) && canModerate(role)) || (isAuthor(actor, thread) && !othersReplied);
}

/** Someone moderation acts on, with their rank in the group (rankInGroup). */
export interface RoleTarget {
  userId: number;
  adminRole: GroupAdminRole | null;
}

/** Banning a person: a moderator acting on someone of a lower role (never themselves). */
export function canBan(actor: Actor, role: GroupRole, target: RoleTarget): boolean {
  return isActing(actor, role) && canModerate(role) && actor.id !== target.userId && outranks(role, target.adminRole);
}

/** Changing someone's role to `next` (null removes it): the owner for admins and moderators, an admin for moderators. */
export function canChangeRole(actor: Actor, role: GroupRole, target: RoleTarget, next: GroupAdminRole | null): boolean {
  if (!isActing(actor, role) || actor.id === target.userId || !canManageGroup(role) || !outranks(role, target.adminRole)) return false;
  return next === null ? target.adminRole !== null : canAssignRole(role, next);
}

/** The signed-in actor is one of the group's moderators (their own role, not someone else's). */
export function isModerator(actor: Actor, role: GroupRole): boolean {
  return isActing(actor, role) && canModerate(role);
}

/** Putting a restricted tag on a thread (contract section 18): the group's moderators. */
export const canAddRestrictedTag = isModerator;

/** Who did what in the modlog: visible to the group's moderators only. */
export const canSeeModerators = isModerator;

/** The ids among a group's admin rows that may open its settings (for the page's Settings link). */
export function listGroupManagers(group: { id: number; ownerId: number | null; admins: readonly { userId: number; role: GroupAdminRole }[] }): number[] {
  const managers = group.admins.filter((admin) => canManageGroup({ ...guestRole(group.id), userId: admin.userId, adminRole: admin.role }));
  const owner = group.ownerId === null ? [] : [group.ownerId];
  return [...new Set([...owner, ...managers.map((admin) => admin.userId)])];
}

// ---- files (contract section 15) -------------------------------------------------------------

/**
 * Whether this viewer may read a group's posts' files: whoever may read the group's posts
 * (readDenial: anyone in a public group, bans included, since a ban stops writing, not reading;
 * members, moderators and site admins in a private or hidden one).
 */
export function canReadGroupFiles(actor: Actor, role: GroupRole | null, group: { visibility: GroupVisibility }): boolean {
  if (group.visibility === "public") return true;
  return role !== null && isActing(actor, role) && canReadGroup(role);
}

/** An upload: its uploader always; anyone else as the group's files allow (a file of no group, an avatar or cover, is public). */
export function canReadUpload(
  actor: Actor,
  upload: { userId: number; groupId: number },
  role: GroupRole | null,
  group: { visibility: GroupVisibility } | null,
): boolean {
  if (isAuthor(actor, upload)) return true;
  return upload.groupId === 0 || group === null || canReadGroupFiles(actor, role, group);
}

/** Uploading for a group's posts: as for posting, and moderators only when the group's allow_everyone is 0. */
export function canUploadToGroup(actor: Actor, role: GroupRole, rules: AttachRules): boolean {
  return canPost(actor, role) && (rules.allowEveryone || canModerate(role));
}

/** Attaching other files than images to posts: the group allows attachments and every type, and the person may upload there. */
export function canAttachFiles(role: GroupRole, rules: AttachRules): boolean {
  return role.userId !== null && rules.allowPost && rules.allowAllFileTypes && canUploadToGroup({ id: role.userId }, role, rules);
}

/** Deleting an upload: its uploader, or a moderator of its group. */
export function canDeleteUpload(actor: Actor, upload: { userId: number; groupId: number }, role: GroupRole | null): boolean {
  if (isAuthor(actor, upload)) return true;
  return role !== null && upload.groupId > 0 && isActing(actor, role) && canModerate(role);
}
