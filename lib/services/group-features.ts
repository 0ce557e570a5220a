import "server-only";
import { isGroupFeatureOn, type SwitchableFeature } from "@/lib/db/group-features";
import type { Tx } from "@/lib/db/engine/transaction";
import { Forbidden } from "@/lib/errors";

/** Refuses a write that needs a feature the group switched off (contract section 20: 403 naming it). */
export async function requireGroupFeature(groupId: number, feature: SwitchableFeature, tx?: Tx): Promise<void> {
  if (!(await isGroupFeatureOn(groupId, feature, tx))) throw new Forbidden(`This group has switched off its "${feature}" feature`);
}
