import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// A group's switchable features (contract section 20): a row per name, status 1 on or 0 off.
// A group made before a feature existed has no row for it, and reads as on (new groups start on).

/** The features a group can switch; the rest of the reference's list is fixed. */
export type SwitchableFeature = "attached_files" | "badges" | "rewards" | "topic_organization" | "share_externally";

/** Whether the group's feature is on (a missing row is on). */
export async function isGroupFeatureOn(groupId: number, feature: SwitchableFeature, tx?: Tx): Promise<boolean> {
  const db = tx ?? (await getDb());
  const row = await db.groupFeature.findUnique({ where: { groupId_featureName: { groupId, featureName: feature } }, select: { status: true } });
  return row === null || row.status === 1;
}

/** The groups among `groupIds` whose feature is off (for lists that span groups). */
export async function groupsWithFeatureOff(groupIds: readonly number[], feature: SwitchableFeature): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.groupFeature.findMany({ where: { groupId: { in: [...groupIds] }, featureName: feature, status: 0 }, select: { groupId: true } });
  return new Set(rows.map((row) => row.groupId));
}
