import "server-only";
import { isMember, rankInGroup, type GroupRole } from "@/lib/auth/permissions";
import { adminRoleLevel, type GroupAdminRole } from "@/lib/db/records/codes";

/** The reference's level of a person with a role (1 owner … 3 moderator), 4 for a plain member. */
export function memberLevel(rank: GroupAdminRole | null): number {
  return rank === null ? 4 : adminRoleLevel(rank);
}

/** A viewer's permission_level in a group (contract section 14): "1" owner … "3" moderator, "4" a plain member, "0" anyone else. */
export function serializePermissionLevel(role: GroupRole): string {
  const rank = rankInGroup(role);
  if (rank === null && !isMember(role)) return "0";
  return String(memberLevel(rank));
}
