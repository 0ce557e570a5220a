import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { FIXED_FEATURES, type SwitchableFeature } from "@/lib/schemas/group-feature-schemas";

// A group's features (contract section 20): a row per name of the reference's list, status 1 on or
// 0 off. A group made before a feature existed has no row for it; a switchable one reads as on
// (new groups start on), a fixed one as its fixed status.

/** A new group's status for a feature: switchable ones start on. */
export function initialFeatureStatus(name: string): 0 | 1 {
  return FIXED_FEATURES[name] ?? 1;
}

/** Whether a feature is on in a group's loaded list (a missing row is on). */
export function isFeatureOnIn(features: readonly { name: string; status: number | null }[], feature: SwitchableFeature): boolean {
  return !features.some((row) => row.name === feature && row.status === 0);
}

/** Whether the group's feature is on (a missing row is on). */
export async function isGroupFeatureOn(groupId: number, feature: SwitchableFeature, tx?: Tx): Promise<boolean> {
  const db = tx ?? (await getDb());
  const row = await db.groupFeature.findUnique({ where: { groupId_featureName: { groupId, featureName: feature } }, select: { status: true } });
  return row === null || row.status === 1;
}

/** Sets a feature's status, adding its row when the group predates it. */
export async function writeGroupFeature(tx: Tx, groupId: number, featureName: string, status: 0 | 1): Promise<void> {
  await tx.groupFeature.upsert({
    where: { groupId_featureName: { groupId, featureName } },
    create: { groupId, featureName, isSetting: 0, status },
    update: { status },
    select: { id: true },
  });
}
