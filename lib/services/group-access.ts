import "server-only";
import { isMember, loadGroupRole, readDenial, writeNeedsMembership, type Actor, type GroupRole } from "@/lib/auth/permissions";
import { Forbidden, NotFound } from "@/lib/errors";

// Every read of a group's content asks here (contract section 14): a hidden group is a 404 for
// non-members, a private one a 403; the rule itself is lib/auth/permissions.ts's readDenial.

export const PRIVATE_GROUP_MESSAGE = "This group is private: only its members can read it";

/** Throws unless the role may read its group's content; `what` names the 404 (the thread, the category, ...). */
export function assertGroupReadable(role: GroupRole, what = "group"): GroupRole {
  const denial = readDenial(role);
  if (denial === "hidden") throw new NotFound(what);
  if (denial === "private") throw new Forbidden(PRIVATE_GROUP_MESSAGE);
  return role;
}

/** The actor's (or a guest's) role in a group they may read; NotFound for an unknown group. */
export async function loadReadableRole(actor: Actor, groupId: number, what = "group"): Promise<GroupRole> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound(what);
  return assertGroupReadable(role, what);
}

/**
 * Refuses a write the role may not make (canPost and friends said no): a hidden group stays a
 * 404 for non-members; a non-member where the group asks for membership is told to join.
 */
export function refuseWrite(role: GroupRole | null, what: string, fallback: string): never {
  if (!role) throw new NotFound(what);
  if (readDenial(role) === "hidden") throw new NotFound(what);
  if (role.banned) throw new Forbidden("You are banned in this group");
  if (role.userId !== null && !isMember(role) && writeNeedsMembership(role.policy)) throw new Forbidden("Only members can write in this group: join it first");
  throw new Forbidden(fallback);
}
