import "server-only";
import { canSeeGroup, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { inTransaction } from "@/lib/db/engine/transaction";
import { lockGroupRow, writeRecommendFlags } from "@/lib/db/group-writes";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";

// Contract section 20: a group's owner keeps it out of recommend_groups (no_recommend), and a site
// admin can too (super_no_recommend, which its owner cannot lift).

export interface RecommendFlags {
  noRecommend?: boolean;
  superNoRecommend?: boolean;
}

export async function setGroupRecommend(
  actor: SignedIn,
  groupId: number,
  flags: RecommendFlags,
): Promise<{ groupId: number; noRecommend: boolean; superNoRecommend: boolean }> {
  if (flags.noRecommend === undefined && flags.superNoRecommend === undefined) throw new Invalid("no_recommend", "send no_recommend or super_no_recommend");
  const result = await inTransaction(async (tx) => {
    await lockGroupRow(tx, groupId);
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role || !canSeeGroup(role)) throw new NotFound("group");
    // A super_admin's role reads as the owner's, so the site flag asks for the site role itself.
    if (flags.superNoRecommend !== undefined && !role.superAdmin) throw new Forbidden("Only site admins set super_no_recommend");
    if (!role.superAdmin && role.adminRole !== "owner") throw new Forbidden("Only the group's owner or a site admin sets no_recommend");
    return writeRecommendFlags(tx, groupId, flags);
  });
  return { groupId, ...result };
}
