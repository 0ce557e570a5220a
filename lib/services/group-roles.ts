import "server-only";
import { canChangeRole, loadGroupRole, rankInGroup, roleName, type SignedIn } from "@/lib/auth/permissions";
import { insertMember } from "@/lib/db/memberships";
import { recordModAction } from "@/lib/db/modlog";
import { inTransaction } from "@/lib/db/transaction";
import { Forbidden, NotFound } from "@/lib/errors";

/** Contract section 12: the owner names admins and moderators, an admin names moderators; level 0 removes the role. */
export async function setGroupRole(actor: SignedIn, groupId: number, input: { userId: number; level: 0 | 2 | 3 }): Promise<void> {
  await inTransaction(async (tx) => {
    // Serialises role changes in one group, so two admins cannot demote each other at once.
    await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR UPDATE`;
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role) throw new NotFound("group");
    const exists = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true } });
    if (!exists) throw new NotFound("user");
    const target = await loadGroupRole({ id: input.userId }, groupId, tx);
    const targetLevel = target?.level ?? null;
    // Ranked as every other moderation act ranks people: a site super_admin as an owner.
    if (!canChangeRole(actor, role, { userId: input.userId, level: rankInGroup(target) }, input.level)) {
      throw new Forbidden("You cannot give or take this role");
    }
    if ((input.level === 0 ? null : input.level) === targetLevel) return;
    const now = new Date();
    if (input.level === 0) {
      await tx.groupAdmin.update({ where: { groupId_userId: { groupId, userId: input.userId } }, data: { deletedAt: now }, select: { id: true } });
    } else {
      // Moderators are always members (contract section 14).
      await insertMember(tx, groupId, input.userId);
      await tx.groupAdmin.upsert({
        where: { groupId_userId: { groupId, userId: input.userId } },
        create: { groupId, userId: input.userId, level: input.level },
        update: { level: input.level, deletedAt: null },
        select: { id: true },
      });
    }
    await recordModAction(tx, {
      groupId,
      moderatorId: actor.id,
      action: "set_role",
      targetType: "user",
      targetId: input.userId,
      reason: roleName(input.level) ?? "member",
    });
  });
}
