import "server-only";
import { findGroupRoleFacts } from "@/lib/db/roles";
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
}

export function guestRole(groupId: number): GroupRole {
  return { groupId, userId: null, level: null, superAdmin: false };
}

/** The actor's role in a group (one query; inside a write's transaction when `tx` is given), or null when the group does not exist. */
export async function loadGroupRole(actor: Actor, groupId: number, tx?: Tx): Promise<GroupRole | null> {
  const facts = await findGroupRoleFacts(groupId, actor?.id ?? null, tx);
  if (!facts) return null;
  if (!actor) return guestRole(groupId);
  // The owner is level 1 even if the group_admins row went missing.
  const level = facts.ownerId === actor.id ? ROLE_LEVEL.owner : facts.level;
  return { groupId, userId: actor.id, level, superAdmin: facts.superAdmin };
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

/** Moderation acts on people of a lower role only: a moderator cannot ban an admin. */
export function outranks(role: GroupRole, targetLevel: number | null): boolean {
  if (role.superAdmin) return true;
  if (role.level === null) return false;
  return targetLevel === null || role.level < targetLevel;
}

/** Writing in a group: any signed-in person whose role was loaded (bans and locks will narrow this). */
export function canPost(actor: Actor, role: GroupRole): boolean {
  return actor !== null && role.userId === actor.id;
}

/** Liking a post: any signed-in person whose role was loaded (bans will narrow this, as for posting). */
export function canLike(actor: Actor, role: GroupRole): boolean {
  return canPost(actor, role);
}

/** Threads removed from their group are gone for everyone (moderators will see them in the modlog). */
export function canReadThread(thread: { isDelete: number }): boolean {
  return thread.isDelete === 0;
}

/** A post's own text: its author. */
export function canEditPost(actor: Actor, post: { userId: number }): boolean {
  return actor !== null && actor.id === post.userId;
}

/** Removing a post: its author, or a moderator of its group. */
export function canDeletePost(actor: Actor, post: { userId: number }, role: GroupRole): boolean {
  return canEditPost(actor, post) || (actor !== null && canModerate(role));
}

/** The ids among a group's admin rows that may open its settings (for the page's Settings link). */
export function listGroupManagers(group: { id: number; ownerId: number; admins: readonly { userId: number; level: number }[] }): number[] {
  const managers = group.admins.filter((admin) =>
    canManageGroup({ groupId: group.id, userId: admin.userId, level: admin.level, superAdmin: false }),
  );
  return [...new Set([group.ownerId, ...managers.map((admin) => admin.userId)])];
}
