import "server-only";
import { findGroupRoleFacts, type GroupRoleFacts } from "@/lib/db/roles";
import type { Tx } from "@/lib/db/transaction";

// Every "may this person do that" of Agora, in one place (contract section 12's roles). Services
// ask before they write, serializers for can_edit/can_delete, pages before they show a control.

/** Group roles by group_admins level: a lower number is a higher role. */
export const ROLE_LEVEL = { owner: 1, admin: 2, moderator: 3 } as const;
export type RoleName = keyof typeof ROLE_LEVEL;

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
  /** 1 owner, 2 admin, 3 moderator; null for members and guests. */
  level: number | null;
  /** Site super_admin: every group ability, in every group. */
  superAdmin: boolean;
  /** Under a live ban in this group: reads only. */
  banned: boolean;
}

export function guestRole(groupId: number): GroupRole {
  return { groupId, userId: null, level: null, superAdmin: false, banned: false };
}

/** The actor's role in a group (one query; inside a write's transaction when `tx` is given), or null when the group does not exist. */
export async function loadGroupRole(actor: Actor, groupId: number, tx?: Tx): Promise<GroupRole | null> {
  const facts = await findGroupRoleFacts(groupId, actor?.id ?? null, tx);
  return facts ? roleFromFacts(actor, facts) : null;
}

/** The actor's role from facts already read (with a thread, say, in the same statement). */
export function roleFromFacts(actor: Actor, facts: GroupRoleFacts): GroupRole {
  if (!actor) return guestRole(facts.groupId);
  // The owner is level 1 even if the group_admins row went missing.
  const level = facts.ownerId === actor.id ? ROLE_LEVEL.owner : facts.level;
  return { groupId: facts.groupId, userId: actor.id, level, superAdmin: facts.superAdmin, banned: facts.banned };
}

function hasLevel(role: GroupRole, atLeast: RoleName): boolean {
  return role.superAdmin || (role.level !== null && role.level >= ROLE_LEVEL.owner && role.level <= ROLE_LEVEL[atLeast]);
}

/** A role name for display and the wire, or null for a plain member or guest. */
export function roleName(level: number | null): RoleName | null {
  if (level === ROLE_LEVEL.owner) return "owner";
  if (level === ROLE_LEVEL.admin) return "admin";
  if (level === ROLE_LEVEL.moderator) return "moderator";
  return null;
}

/** Title, description, art and categories: the owner and admins. */
export function canManageGroup(role: GroupRole): boolean {
  return hasLevel(role, "admin");
}

export const canManageCategories = canManageGroup;

/** Delete others' posts, pin, lock, ban, handle reports: moderators and above. */
export function canModerate(role: GroupRole): boolean {
  return hasLevel(role, "moderator");
}

/** Who may be given `level`, by whom: the owner names admins and moderators, an admin moderators. */
export function canAssignRole(role: GroupRole, level: number): boolean {
  if (level === ROLE_LEVEL.owner) return false;
  if (role.superAdmin || role.level === ROLE_LEVEL.owner) return level === ROLE_LEVEL.admin || level === ROLE_LEVEL.moderator;
  return role.level === ROLE_LEVEL.admin && level === ROLE_LEVEL.moderator;
}

/** A person's rank in the group (1 owner ... 3 moderator, null for none): a site super_admin ranks as an owner (contract section 12). */
export function rankInGroup(role: GroupRole | null): number | null {
  if (!role) return null;
  return role.superAdmin ? ROLE_LEVEL.owner : role.level;
}

/** Moderation acts on people of a lower role only: a moderator cannot ban an admin. */
export function outranks(role: GroupRole, targetLevel: number | null): boolean {
  // Above everyone but the owner, for a super_admin too.
  const level = rankInGroup(role);
  if (level === null) return false;
  return targetLevel === null || level < targetLevel;
}

/** Whether the role belongs to this signed-in actor (a role loaded for someone else grants nothing). */
function isActing(actor: Actor, role: GroupRole): actor is SignedIn {
  return actor !== null && role.userId === actor.id;
}

/** Writing in a group (posts, threads, likes, reports): signed in and not banned there. */
export function canPost(actor: Actor, role: GroupRole): boolean {
  return isActing(actor, role) && !role.banned;
}

/** Replying in a thread: as for posting, and a locked thread takes replies from moderators only. */
export function canReply(actor: Actor, role: GroupRole, thread: { isLocked: number }): boolean {
  return canPost(actor, role) && (thread.isLocked === 0 || canModerate(role));
}

export const canLike = canPost;
export const canReport = canPost;

/** A removed thread is gone for everyone but the group's moderators (who can still review it). */
export function canReadThread(thread: { isDelete: number }, role: GroupRole | null): boolean {
  return thread.isDelete === 0 || (role !== null && canModerate(role));
}

function isAuthor(actor: Actor, item: { userId: number }): boolean {
  return actor !== null && actor.id === item.userId;
}

/** A deleted post's words: still shown to its author and the group's moderators, "[]" to everyone else. */
export function canSeeDeletedContent(actor: Actor, post: { userId: number }, role: GroupRole): boolean {
  return isAuthor(actor, post) || (isActing(actor, role) && canModerate(role));
}

/** Editing a live post: its author (unless banned in the group) or a moderator. */
export function canEditPost(actor: Actor, post: { userId: number; deleted: number }, role: GroupRole): boolean {
  if (post.deleted !== 0 || actor === null) return false;
  return (isAuthor(actor, post) && !role.banned) || (isActing(actor, role) && canModerate(role));
}

/** Deleting a live post: its author, or a moderator of its group. */
export function canDeletePost(actor: Actor, post: { userId: number; deleted: number }, role: GroupRole): boolean {
  if (post.deleted !== 0 || actor === null) return false;
  return isAuthor(actor, post) || (isActing(actor, role) && canModerate(role));
}

/** Bringing a post back: moderators; its author only when they deleted it themselves (deleted 1). */
export function canRestorePost(actor: Actor, post: { userId: number; deleted: number }, role: GroupRole): boolean {
  if (post.deleted === 0 || actor === null) return false;
  return (isActing(actor, role) && canModerate(role)) || (isAuthor(actor, post) && post.deleted === 1 && !role.banned);
}

/** A thread's title and category: its author (unless banned) or a moderator. */
export function canEditThread(actor: Actor, thread: { userId: number }, role: GroupRole): boolean {
  return (isAuthor(actor, thread) && !role.banned) || (isActing(actor, role) && canModerate(role));
}

/** Removing a thread: moderators, or its author while nobody else has replied. */
export function canDeleteThread(actor: Actor, thread: { userId: number }, role: GroupRole, othersReplied: boolean): boolean {
  return (isActing(actor, role) && canModerate(role)) || (isAuthor(actor, thread) && !othersReplied);
}

/** Banning a person: a moderator acting on someone of a lower role (never themselves). */
export function canBan(actor: Actor, role: GroupRole, target: { userId: number; level: number | null }): boolean {
  return isActing(actor, role) && canModerate(role) && actor.id !== target.userId && outranks(role, target.level);
}

/** Changing someone's role to `level` (0 removes it): the owner for admins and moderators, an admin for moderators. */
export function canChangeRole(actor: Actor, role: GroupRole, target: { userId: number; level: number | null }, level: number): boolean {
  if (!isActing(actor, role) || actor.id === target.userId || !canManageGroup(role) || !outranks(role, target.level)) return false;
  return level === 0 ? target.level !== null : canAssignRole(role, level);
}

/** The signed-in actor is one of the group's moderators (their own role, not someone else's). */
export function isModerator(actor: Actor, role: GroupRole): boolean {
  return isActing(actor, role) && canModerate(role);
}

/** Who did what in the modlog: visible to the group's moderators only. */
export const canSeeModerators = isModerator;

/** The ids among a group's admin rows that may open its settings (for the page's Settings link). */
export function listGroupManagers(group: { id: number; ownerId: number; admins: readonly { userId: number; level: number }[] }): number[] {
  const managers = group.admins.filter((admin) =>
    canManageGroup({ groupId: group.id, userId: admin.userId, level: admin.level, superAdmin: false, banned: false }),
  );
  return [...new Set([group.ownerId, ...managers.map((admin) => admin.userId)])];
}

// ---- files (contract section 15) -------------------------------------------------------------

/** A group's upload rules (its `attached_files`), read with the reference's defaults. */
export interface AttachRules {
  /** 1: every member uploads; 0: moderators only. */
  allowEveryone: boolean;
  /** Attachments on posts. */
  allowPost: boolean;
  /** Files other than images. */
  allowAllFileTypes: boolean;
}

/**
 * Whether this viewer may read a group's posts' files. The one place that answers it: a public
 * group (visibility 0) is read by anyone, bans included (a ban stops writing, not reading).
 * Non-public groups (contract section 14) are read by their members; until memberships exist
 * here that is their moderators, and section 14 adds its members rule to this function.
 */
export function canReadGroupFiles(actor: Actor, role: GroupRole | null, group: { visibility: number }): boolean {
  if (group.visibility === 0) return true;
  return role !== null && isActing(actor, role) && canModerate(role);
}

/** An upload: its uploader always; anyone else as the group's files allow (a file of no group, an avatar or cover, is public). */
export function canReadUpload(actor: Actor, upload: { userId: number; groupId: number }, role: GroupRole | null, group: { visibility: number } | null): boolean {
  if (isAuthor(actor, upload)) return true;
  return upload.groupId === 0 || group === null || canReadGroupFiles(actor, role, group);
}

/** Uploading for a group's posts: as for posting, and moderators only when the group's allow_everyone is 0. */
export function canUploadToGroup(actor: Actor, role: GroupRole, rules: AttachRules): boolean {
  return canPost(actor, role) && (rules.allowEveryone || canModerate(role));
}

/** Deleting an upload: its uploader, or a moderator of its group. */
export function canDeleteUpload(actor: Actor, upload: { userId: number; groupId: number }, role: GroupRole | null): boolean {
  if (isAuthor(actor, upload)) return true;
  return role !== null && upload.groupId > 0 && isActing(actor, role) && canModerate(role);
}
