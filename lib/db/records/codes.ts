// The stored codes of the reference's data model and the names the domain uses for them. Rows are
// read into records with these names at the lib/db boundary; serializers (lib/api/serializers)
// map them back to the reference's digits, and lib/db maps them back to columns on writes.

/** A 0/1 column (is_pin, is_locked, nsfw, activate, ...) or a "0"/"1" string column (open_readonly). */
export function isSet(code: number | string | null | undefined): boolean {
  return Number(code) === 1;
}

/** The column value for a flag. */
export function flagCode(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Who deleted a post: `posts.deleted` 0 (not deleted), 1 (its author), 2 (a moderator). */
export type DeletedBy = "author" | "moderator" | null;
const DELETED_BY: readonly DeletedBy[] = [null, "author", "moderator"];

export function readDeletedBy(code: number): DeletedBy {
  return DELETED_BY[code] ?? null;
}

export function deletedByCode(deletedBy: DeletedBy): 0 | 1 | 2 {
  return deletedBy === null ? 0 : deletedBy === "author" ? 1 : 2;
}

/** Who reads a group (contract section 14): `groups.visibility` 0, 1, 2. */
export type GroupVisibility = "public" | "private" | "hidden";
const VISIBILITIES: readonly GroupVisibility[] = ["public", "private", "hidden"];

export function readVisibility(code: number): GroupVisibility {
  return VISIBILITIES[code] ?? "hidden";
}

export function visibilityCode(visibility: GroupVisibility): 0 | 1 | 2 {
  return VISIBILITIES.indexOf(visibility) as 0 | 1 | 2;
}

/** How people join a group (contract section 14): `groups.joining` 0, 1, 2, 3. */
export type GroupJoining = "open" | "request" | "invitation" | "gate";
const JOININGS: readonly GroupJoining[] = ["open", "request", "invitation", "gate"];

export function readJoining(code: number): GroupJoining {
  return JOININGS[code] ?? "invitation";
}

export function joiningCode(joining: GroupJoining): 0 | 1 | 2 | 3 {
  return JOININGS.indexOf(joining) as 0 | 1 | 2 | 3;
}

/** A group admin's role: `group_admins.level` 1, 2, 3. */
export type GroupAdminRole = "owner" | "admin" | "moderator";

/** How a role is named to people: on member lists, in moderation, and as the title of a moderator's posts. */
export const GROUP_ROLE_TITLES: Record<GroupAdminRole, string> = { owner: "Owner", admin: "Admin", moderator: "Moderator" };
const ADMIN_ROLES: Record<number, GroupAdminRole> = { 1: "owner", 2: "admin", 3: "moderator" };

export function readAdminRole(level: number | null | undefined): GroupAdminRole | null {
  return level === null || level === undefined ? null : (ADMIN_ROLES[level] ?? null);
}

export function adminRoleLevel(role: GroupAdminRole): 1 | 2 | 3 {
  return role === "owner" ? 1 : role === "admin" ? 2 : 3;
}
