import "server-only";
import type { z } from "zod";
import { memberLevel } from "@/lib/api/serializers/permission-level";
import { formatTimestamp } from "@/lib/api/time";
import type { InviteRow } from "@/lib/db/memberships";
import type { GateCheckResponseSchema, GateResponseSchema, MemberSchema, MembershipSchema } from "@/lib/schemas/membership-schemas";
import type { MemberListItem, MembershipRecord } from "@/lib/services/memberships";
import type { Gate, GateCheck } from "@/lib/services/token-gates";

// Contract section 14's wire shapes.

export function serializeMembership(record: MembershipRecord): z.infer<typeof MembershipSchema> {
  const member = record.state === "member";
  // Contract section 14's level: 1 owner … 3 moderator, 4 member, 0 pending.
  return { group_id: record.groupId, user_id: record.userId, state: member ? "member" : "pending", level: member ? memberLevel(record.adminRole) : 0 };
}

export function serializeMember(item: MemberListItem): z.infer<typeof MemberSchema> {
  return {
    user: { id: item.user.id, username: item.user.username, photo_url: item.user.photoUrl },
    // 1 owner … 3 moderator, 4 member, 0 pending.
    level: item.state === "pending" ? 0 : memberLevel(item.adminRole),
    state: item.state,
    joined_at: formatTimestamp(item.joinedAt),
  };
}

export function serializeInvite(invite: InviteRow) {
  return { id: invite.id, group_id: invite.groupId, user_id: invite.userId, expires_at: formatTimestamp(invite.expiresAt) };
}

export function serializeGate(gate: Gate | null, fallbackLogic: "all" | "any"): z.infer<typeof GateResponseSchema>["gate"] {
  return { logic: gate?.logic ?? fallbackLogic, rules: gate?.rules ?? [] };
}

export function serializeGateCheck(check: GateCheck): z.infer<typeof GateCheckResponseSchema> {
  return { eligible: check.eligible, checked_at: formatTimestamp(check.checkedAt), rules: check.rules };
}
