import "server-only";
import type { Tx } from "@/lib/db/engine/transaction";

/** A group's category as its tree and order are kept: enough to check a move and renumber. */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
}

/**
 * Takes every category row of the group in display order for the rest of the transaction, so an
 * edit, a delete and a reordering of the same group run one after another and see each other's tree.
 */
export async function lockGroupCategories(tx: Tx, groupId: number): Promise<CategoryNode[]> {
  return tx.$queryRaw<CategoryNode[]>`
    SELECT id, parent_id AS "parentId", name FROM categories WHERE group_id = ${groupId} ORDER BY "order", id FOR UPDATE`;
}

export async function writeCategory(tx: Tx, id: number, fields: { name: string; parentId: number | null }): Promise<void> {
  await tx.category.update({ where: { id }, data: fields, select: { id: true } });
}

/** Moves the category's threads (deleted ones too) to another category of the group, or none; how many moved. */
export async function moveCategoryThreads(tx: Tx, input: { groupId: number; from: number; to: number | null }): Promise<number> {
  const { count } = await tx.thread.updateMany({ where: { groupId: input.groupId, categoryId: input.from }, data: { categoryId: input.to } });
  return count;
}

/** Hands a category's subcategories to its parent (null: the top level). */
export async function reparentChildren(tx: Tx, input: { from: number; to: number | null }): Promise<void> {
  await tx.category.updateMany({ where: { parentId: input.from }, data: { parentId: input.to } });
}

export async function removeCategoryRow(tx: Tx, id: number): Promise<void> {
  await tx.category.delete({ where: { id }, select: { id: true } });
}

/** Sets the group's display order to `ids` (every category of the group): "1", "2", ... in one statement. */
export async function writeCategoryOrder(tx: Tx, groupId: number, ids: readonly number[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE categories AS c SET "order" = o.position::int
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE c.id = o.id AND c.group_id = ${groupId} AND c."order" IS DISTINCT FROM o.position::int`;
}
