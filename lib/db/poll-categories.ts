import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// A group's poll_category setting (contract section 18): categories whose new threads must carry
// a poll, kept as categories.requires_poll (a category's change moves its group's read version).

/** The group's poll categories, by id. */
export async function listPollCategoryIds(groupId: number, tx?: Tx): Promise<number[]> {
  const db = tx ?? (await getDb());
  const rows = await db.category.findMany({ where: { groupId, requiresPoll: 1 }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}

/** Which of `ids` are not categories of the group. */
export async function findForeignCategoryIds(tx: Tx, groupId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await tx.category.findMany({ where: { groupId, id: { in: [...ids] } }, select: { id: true } });
  const own = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !own.has(id));
}

/** Makes exactly `ids` the group's poll categories. */
export async function writePollCategories(tx: Tx, groupId: number, ids: readonly number[]): Promise<void> {
  await tx.category.updateMany({ where: { groupId, requiresPoll: 1, id: { notIn: [...ids] } }, data: { requiresPoll: 0 } });
  if (ids.length > 0) await tx.category.updateMany({ where: { groupId, requiresPoll: 0, id: { in: [...ids] } }, data: { requiresPoll: 1 } });
}

/** Whether new threads in the category must carry a poll. */
export async function categoryRequiresPoll(tx: Tx, categoryId: number): Promise<boolean> {
  const row = await tx.category.findUnique({ where: { id: categoryId }, select: { requiresPoll: true } });
  return (row?.requiresPoll ?? 0) !== 0;
}
