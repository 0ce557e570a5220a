import "server-only";
import { canBan, canModerate, loadGroupRole, rankInGroup, type GroupAdminRole, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { deleteBan, findLiveBan, listLiveBans, upsertBan, type BanRow } from "@/lib/db/bans";
import { recordModAction } from "@/lib/db/modlog";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { userExists } from "@/lib/db/users";
import { Forbidden, NotFound } from "@/lib/errors";
import { endMembershipForBan } from "@/lib/services/memberships";

export const MAX_BAN_DAYS = 3650;
const DAY_MS = 86_400_000;

export interface BanRecord {
  userId: number;
  reason: string;
  /** Null: until lifted. */
  until: Date | null;
}

async function requireModeratorRole(actor: SignedIn, groupId: number, tx?: Tx): Promise<GroupRole> {
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role) throw new NotFound("group");
  if (!canModerate(role)) throw new Forbidden("Only the group's moderators can manage bans");
  return role;
}

/** A person's rank in the group as someone else sees it (a site super_admin ranks as owner). */
async function loadTargetRank(tx: Tx, userId: number, groupId: number): Promise<GroupAdminRole | null> {
  if (!(await userExists(tx, userId))) throw new NotFound("user");
  const role = await loadGroupRole({ id: userId }, groupId, tx);
  return rankInGroup(role);
}

/** Contract section 12: ban someone of a lower role from writing in the group, for `days` (0: until lifted). */
export async function banUser(actor: SignedIn, groupId: number, input: { userId: number; reason: string; days: number }): Promise<BanRecord> {
  return inTransaction(async (tx) => {
    const role = await requireModeratorRole(actor, groupId, tx);
    const adminRole = await loadTargetRank(tx, input.userId, groupId);
    if (!canBan(actor, role, { userId: input.userId, adminRole })) throw new Forbidden("You cannot ban someone of your own role or higher");
    const until = input.days > 0 ? new Date(Date.now() + input.days * DAY_MS) : null;
    await upsertBan(tx, { groupId, userId: input.userId, bannedById: actor.id, reason: input.reason, until });
    // Contract section 14: a ban also ends the membership (and any request to join).
    await endMembershipForBan(tx, groupId, input.userId, role.policy.visibility);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "ban_user", targetType: "user", targetId: input.userId, reason: input.reason });
    return { userId: input.userId, reason: input.reason, until };
  });
}

/** Contract section 12: end a ban now. Lifting a ban that is not there changes nothing. */
export async function liftBan(actor: SignedIn, groupId: number, userId: number): Promise<void> {
  await inTransaction(async (tx) => {
    await requireModeratorRole(actor, groupId, tx);
    if (!(await userExists(tx, userId))) throw new NotFound("user");
    if (await deleteBan(tx, groupId, userId))
      await recordModAction(tx, { groupId, moderatorId: actor.id, action: "lift_ban", targetType: "user", targetId: userId });
  });
}

/** The bans in force, for the moderation page. */
export async function listBans(actor: SignedIn, groupId: number): Promise<BanRow[]> {
  await requireModeratorRole(actor, groupId);
  return listLiveBans(groupId);
}

/** The actor's own ban in a group, if one is in force: so the page can say why they cannot post. */
export async function findOwnBan(actor: SignedIn, groupId: number): Promise<BanRecord | null> {
  const ban = await findLiveBan(groupId, actor.id);
  return ban ? { userId: ban.userId, reason: ban.reason, until: ban.until } : null;
}
