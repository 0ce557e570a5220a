import "server-only";
import { canManageGroup, canSeeGroup, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { isGroupFeatureOn, writeGroupFeature } from "@/lib/db/group-features";
import { FIXED_FEATURES, GROUP_FEATURE_NAMES, type SwitchableFeature } from "@/lib/schemas/group-feature-schemas";
import { lockGroupRow } from "@/lib/db/group-writes";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";

// Contract section 20, "Group features": admins switch what the group offers, and each switch
// takes effect everywhere. The fixed ones answer 400 to a change, so a client learns why.

/** Refuses a write that needs a feature the group switched off (403 naming it). */
export async function requireGroupFeature(groupId: number, feature: SwitchableFeature, tx?: Tx): Promise<void> {
  if (!(await isGroupFeatureOn(groupId, feature, tx))) throw new Forbidden(`This group has switched off its "${feature}" feature`);
}

function checkFeatureChange(featureName: string, status: 0 | 1): void {
  if (!(GROUP_FEATURE_NAMES as readonly string[]).includes(featureName)) {
    throw new Invalid("feature_name", `unknown feature "${featureName}" (one of ${GROUP_FEATURE_NAMES.join(", ")})`);
  }
  const fixed = FIXED_FEATURES[featureName];
  if (fixed === undefined || fixed === status) return;
  throw new Invalid("status", fixed === 1 ? `"${featureName}" is always on` : `"${featureName}" is not offered`);
}

/** Switches one of the group's features (its owner or an admin). */
export async function setGroupFeature(actor: SignedIn, groupId: number, featureName: string, status: 0 | 1): Promise<void> {
  await inTransaction(async (tx) => {
    await lockGroupRow(tx, groupId);
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role || !canSeeGroup(role)) throw new NotFound("group");
    if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can switch its features");
    checkFeatureChange(featureName, status);
    await writeGroupFeature(tx, groupId, featureName, status);
  });
}
