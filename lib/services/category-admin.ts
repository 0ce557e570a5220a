import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { checkCategoryName, requireCategoryManager } from "@/lib/services/categories";
import { findCategory, listGroupCategories, type CategoryRow } from "@/lib/db/categories";
import {
  lockGroupCategories,
  moveCategoryThreads,
  removeCategoryRow,
  reparentChildren,
  writeCategory,
  writeCategoryOrder,
  type CategoryNode,
} from "@/lib/db/category-writes";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { recordModAction } from "@/lib/db/modlog";
import { Invalid, NotFound } from "@/lib/errors";

// Contract section 17, "Categories kept in order": rename and move, delete with a place for its
// threads, and the display order; group admins (and the owner) only, each a modlog entry.

/** Runs `work` on the group's locked category tree, after checking the actor may manage it. */
async function withCategoryTree<T>(actor: SignedIn, groupId: number, work: (tx: Tx, tree: CategoryNode[]) => Promise<T>): Promise<T> {
  await requireCategoryManager(actor, groupId, "manage");
  return inTransaction(async (tx) => work(tx, await lockGroupCategories(tx, groupId)));
}

function nodeOf(tree: CategoryNode[], id: number, field: string | null): CategoryNode {
  const node = tree.find((candidate) => candidate.id === id);
  if (!node) throw new NotFound("category", field ? `${field}: no such category in this group` : "category not found");
  return node;
}

/** True when `candidate` is `id` or lies anywhere under it. */
function isWithin(tree: CategoryNode[], candidate: number, id: number): boolean {
  const parents = new Map(tree.map((node) => [node.id, node.parentId]));
  for (let at: number | null | undefined = candidate, steps = 0; at != null && steps <= tree.length; at = parents.get(at), steps++) {
    if (at === id) return true;
  }
  return false;
}

export interface CategoryEdit {
  name?: string;
  /** Null: the top level; undefined: where it is. */
  parentId?: number | null;
}

/** Renames a category and/or moves it under another of the group (never under itself or its own subcategories). */
export async function editCategory(actor: SignedIn, groupId: number, categoryId: number, edit: CategoryEdit): Promise<CategoryRow> {
  const name = edit.name === undefined ? undefined : checkCategoryName(edit.name);
  await withCategoryTree(actor, groupId, async (tx, tree) => {
    const node = nodeOf(tree, categoryId, null);
    const parentId = edit.parentId === undefined ? node.parentId : edit.parentId;
    if (parentId !== null) {
      nodeOf(tree, parentId, "parent_id");
      if (isWithin(tree, parentId, categoryId)) throw new Invalid("parent_id", "must not be the category itself or one of its subcategories");
    }
    await writeCategory(tx, categoryId, { name: name ?? node.name, parentId });
    await recordModAction(tx, {
      groupId,
      moderatorId: actor.id,
      action: "edit_category",
      targetType: "category",
      targetId: categoryId,
      reason: name ?? node.name,
    });
  });
  const row = await findCategory(categoryId);
  if (!row) throw new NotFound("category");
  return row;
}

/** Deletes a category: its threads go to `moveTo` (null: uncategorised), its subcategories to its parent. How many threads moved. */
export async function deleteCategory(actor: SignedIn, groupId: number, categoryId: number, moveTo: number | null): Promise<number> {
  return withCategoryTree(actor, groupId, async (tx, tree) => {
    const node = nodeOf(tree, categoryId, null);
    if (moveTo !== null) {
      nodeOf(tree, moveTo, "move_to");
      if (moveTo === categoryId) throw new Invalid("move_to", "must be another category than the one deleted");
    }
    const moved = await moveCategoryThreads(tx, { groupId, from: categoryId, to: moveTo });
    await reparentChildren(tx, { from: categoryId, to: node.parentId });
    await removeCategoryRow(tx, categoryId);
    // The rest keep their order, numbered "1", "2", ... again.
    await writeCategoryOrder(
      tx,
      groupId,
      tree.filter((other) => other.id !== categoryId).map((other) => other.id),
    );
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "delete_category", targetType: "category", targetId: categoryId, reason: node.name });
    return moved;
  });
}

/** Sets the display order: `ids` must name every category of the group exactly once. */
export async function orderCategories(actor: SignedIn, groupId: number, ids: readonly number[]): Promise<CategoryRow[]> {
  await withCategoryTree(actor, groupId, async (tx, tree) => {
    const known = new Set(tree.map((node) => node.id));
    const named = new Set(ids);
    if (named.size !== ids.length) throw new Invalid("ids", "must name each category once");
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) throw new Invalid("ids", "must name every category of the group, and only those");
    await writeCategoryOrder(tx, groupId, ids);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "order_categories", targetType: "group", targetId: groupId });
  });
  return listGroupCategories({ groupId, skip: 0, take: ids.length || 1 });
}
