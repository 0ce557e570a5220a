"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { GroupNameSchema } from "@/lib/schemas/group-schemas";
import { MAX_ID } from "@/lib/schemas/params";
import { deleteCategory, editCategory, orderCategories } from "@/lib/services/category-admin";

// The category manager (group settings): the same use cases, and checks, as the API's.

const Id = z.number().int().min(1).max(MAX_ID);
const Group = { groupId: Id, groupName: GroupNameSchema };

const EditInput = z.object({ ...Group, categoryId: Id, name: z.string().max(200), parentId: Id.nullable() });

/** Rename and move (under another category, or to the top level). */
export const editCategoryAction = defineAction({ name: "editCategory", auth: "user", input: EditInput }, async ({ viewer, input }) => {
  const row = await editCategory(viewer, input.groupId, input.categoryId, { name: input.name, parentId: input.parentId });
  revalidatePath(`/g/${input.groupName}`, "layout");
  return { id: row.id, name: row.name };
});

const DeleteInput = z.object({ ...Group, categoryId: Id, moveTo: Id.nullable() });

/** Delete, its threads moved to `moveTo` (null: uncategorised); answers how many moved. */
export const deleteCategoryAction = defineAction({ name: "deleteCategory", auth: "user", input: DeleteInput }, async ({ viewer, input }) => {
  const moved = await deleteCategory(viewer, input.groupId, input.categoryId, input.moveTo);
  revalidatePath(`/g/${input.groupName}`, "layout");
  return { moved };
});

const OrderInput = z.object({ ...Group, ids: z.array(Id).min(1).max(10_000) });

/** The display order, every category once. */
export const orderCategoriesAction = defineAction({ name: "orderCategories", auth: "user", input: OrderInput }, async ({ viewer, input }) => {
  const rows = await orderCategories(viewer, input.groupId, input.ids);
  revalidatePath(`/g/${input.groupName}`, "layout");
  return rows.map((row) => row.id);
});
