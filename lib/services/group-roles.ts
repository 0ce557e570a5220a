import "server-only";
import { canChangeRole, loadGroupRole, rankInGroup, type GroupAdminRole, type SignedIn } from "@/lib/auth/permissions";
import { endGroupAdmin, lockGroupRow, upsertGroupAdmin } from "@/lib/db/group-writes";
import { insertMember } from "@/lib/db/memberships";
import { recordModAction } from "@/lib/db/modlog";
import { inTransaction } from "@/lib/db/engine/transaction";
import { userExists } from "@/lib/db/users";
import { Forbidden, NotFound } from "@/lib/errors";

/** Contract section 12: the owner names admins and moderators, an admin names moderators; null removes the role. */
export async function setGroupRole(actor: SignedIn, groupId: number, input: { userId: number; role: Exclude<GroupAdminRole, "owner"> | null }): Promise<void> {
  await inTransaction(async (tx) => {
    // Serialises role changes in one group, so two admins cannot demote each other at once.
    await lockGroupRow(tx, groupId);
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role) throw new NotFound("group");
    if (!(await userExists(tx, input.userId))) throw new NotFound("user");
    const target = await loadGroupRole({ id: input.userId }, groupId, tx);
    // Ranked as every other moderation act ranks people: a site super_admin as an owner.
    if (!canChangeRole(actor, role, { userId: input.userId, adminRole: rankInGroup(target) }, input.role)) {
      throw new Forbidden("You cannot give or take this role");
    }
    if (input.role === (target?.adminRole ?? null)) return;
    if (input.role === null) {
      await endGroupAdmin(tx, groupId, input.userId, new Date());
    } else {
      // Moderators are always members (contract section 14).
      await insertMember(tx, groupId, input.userId);
      await upsertGroupAdmin(tx, groupId, input.userId, input.role);
    }
    await recordModAction(tx, {
      groupId,
      moderatorId: actor.id,
      action: "set_role",
      targetType: "user",
      targetId: input.userId,
      reason: input.role ?? "member",
    });
  });
}
