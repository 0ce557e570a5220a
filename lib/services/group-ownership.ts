import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { lockGroupRow, upsertGroupAdmin } from "@/lib/db/group-writes";
import { findGroupOwnerId, writeGroupOwner } from "@/lib/db/group-succession";
import { recordModAction } from "@/lib/db/modlog";
import { userExists } from "@/lib/db/users";
import { inTransaction } from "@/lib/db/engine/transaction";
import { NotFound } from "@/lib/errors";
import { requireSiteAdmin } from "@/lib/services/site-admin";
import { resolveUsername } from "@/lib/services/users";

/**
 * Contract section 20: a site admin names a group's owner, above all for a group left without one
 * (its owner deleted their account and no one else was in it). An owner it had stays an admin.
 * Logged as the owner's succession is (set_role, "owner").
 */
export async function assignGroupOwner(actor: SignedIn, groupId: number, username: string): Promise<void> {
  await requireSiteAdmin(actor);
  const userId = await resolveUsername(username);
  await inTransaction(async (tx) => {
    await lockGroupRow(tx, groupId);
    const group = await findGroupOwnerId(tx, groupId);
    if (!group) throw new NotFound("group");
    if (!(await userExists(tx, userId))) throw new NotFound("user");
    if (group.ownerId === userId) return;
    await writeGroupOwner(tx, groupId, userId);
    if (group.ownerId !== null) await upsertGroupAdmin(tx, groupId, group.ownerId, "admin");
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "set_role", targetType: "user", targetId: userId, reason: "owner" });
  });
}
