import { OPEN_POLICY, type GroupAdminRole, type GroupRole } from "@/lib/auth/permissions";

/** User 5's role in an open group 1: not a member, not banned, with `adminRole` and whatever `extra` sets. */
export const groupRole = (adminRole: GroupAdminRole | null, extra: Partial<GroupRole> = {}): GroupRole => ({
  groupId: 1,
  userId: 5,
  adminRole,
  superAdmin: false,
  banned: false,
  member: false,
  pending: false,
  gateCheckedAt: null,
  policy: OPEN_POLICY,
  ...extra,
});
