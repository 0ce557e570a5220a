import "server-only";
import { canManageCategories, loadGroupRole, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { loadReadableRole } from "@/lib/services/group-access";
import { appendCategory, findCategory, findCategoryGroupId, listGroupCategories, type CategoryRow } from "@/lib/db/categories";
import { toPageWindow } from "@/lib/db/pagination";
import { inTransaction } from "@/lib/db/engine/transaction";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { CATEGORY_NAME_MAX } from "@/lib/schemas/category-schemas";

/** Endpoint 7 and the group pages: a group's categories in display order; the first 100 unless a page is asked for. */
export async function listCategories(actor: Actor, input: { groupId: number; page?: number; perPage?: number }): Promise<CategoryRow[]> {
  await loadReadableRole(actor, input.groupId);
  const window = toPageWindow(input.page ?? 1, input.perPage ?? 100);
  const rows = await listGroupCategories({ groupId: input.groupId, ...window });
  // `order` is the place in the list, "1", "2", ... (contract section 17), whatever gaps or ties
  // older rows kept; every edit, delete and reordering writes it so.
  return rows.map((row, index) => ({ ...row, order: window.skip + index + 1 }));
}

export interface NewCategoryInput {
  groupId: number;
  name: string;
  /** Null: a top-level category. */
  parentId: number | null;
}

/** A category's name, trimmed: 1 to CATEGORY_NAME_MAX characters. */
export function checkCategoryName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > CATEGORY_NAME_MAX) throw new Invalid("name", `must be 1-${CATEGORY_NAME_MAX} characters`);
  return name;
}

/** The owner or an admin of the group, who alone may `verb` its categories. */
export async function requireCategoryManager(actor: SignedIn, groupId: number, verb: string): Promise<void> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  if (!canManageCategories(role)) throw new Forbidden(`Only the group owner or an admin can ${verb} categories`);
}

/** Appends a category to its group (or under a parent of the same group): the owner or an admin only. */
export async function createCategory(actor: SignedIn, input: NewCategoryInput): Promise<CategoryRow> {
  const name = checkCategoryName(input.name);
  await requireCategoryManager(actor, input.groupId, "create");
  const id = await inTransaction(async (tx) => {
    if (input.parentId !== null && (await findCategoryGroupId(tx, input.parentId)) !== input.groupId) {
      throw new NotFound("category", "parent_id: no such category in this group");
    }
    return appendCategory(tx, { groupId: input.groupId, name, parentId: input.parentId });
  });
  const row = await findCategory(id);
  if (!row) throw new NotFound("category");
  return row;
}
