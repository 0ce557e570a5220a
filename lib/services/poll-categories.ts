import "server-only";
import { findForeignCategoryIds, writePollCategories } from "@/lib/db/poll-categories";
import type { Tx } from "@/lib/db/engine/transaction";
import { Invalid } from "@/lib/errors";

/** Group settings' poll_category (contract section 18), inside the settings' transaction: every id a category of the group. */
export async function setPollCategories(tx: Tx, groupId: number, ids: readonly number[]): Promise<void> {
  const foreign = await findForeignCategoryIds(tx, groupId, ids);
  if (foreign.length > 0)
    throw new Invalid("poll_category", `${foreign.join(", ")} ${foreign.length === 1 ? "is not a category" : "are not categories"} of this group`);
  await writePollCategories(tx, groupId, ids);
}
