import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeCategory } from "@/lib/api/serializers/category";
import {
  CategorySchema,
  CreateCategoryParamsSchema,
  DeleteCategoryParamsSchema,
  EditCategoryParamsSchema,
  GroupCategoriesParamsSchema,
  OrderCategoriesParamsSchema,
} from "@/lib/schemas/category-schemas";
import { deleteCategory, editCategory, orderCategories } from "@/lib/services/category-admin";
import { createCategory, listCategories } from "@/lib/services/categories";

// GET /api/v2/groups/{group_id}/categories
export const getGroupCategories = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}/categories",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Categories",
    summary: "7. Categories of a group",
    params: GroupCategoriesParamsSchema,
    response: z.object({ category: z.array(CategorySchema) }),
  },
  async ({ params, viewer }) => {
    const rows = await listCategories(viewer, { groupId: params.group_id, page: params.page, perPage: params.per_page });
    return { category: rows.map(serializeCategory) };
  },
);

// POST /api/v2/groups/{group_id}/categories/create
export const createGroupCategory = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/categories/create",
    family: "v2",
    auth: "user",
    tag: "Categories",
    summary: "Create a category (group owner or admin)",
    params: CreateCategoryParamsSchema,
    response: z.object({ category: CategorySchema }),
  },
  async ({ params, viewer }) => {
    // The reference's parent_id 0 is the top level.
    const parentId = params.parent_id === undefined || params.parent_id === 0 ? null : params.parent_id;
    const row = await createCategory(viewer, { groupId: params.group_id, name: params.name, parentId });
    return { category: serializeCategory(row) };
  },
);

// POST /api/v2/groups/{group_id}/categories/{category_id}/edit
export const editGroupCategory = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/categories/{category_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Categories",
    summary: "Rename or move a category (group owner or admin)",
    params: EditCategoryParamsSchema,
    response: z.object({ category: CategorySchema }),
  },
  async ({ params, viewer }) => {
    const parentId = params.parent_id === undefined ? undefined : params.parent_id === 0 ? null : params.parent_id;
    const row = await editCategory(viewer, params.group_id, params.category_id, { name: params.name, parentId });
    return { category: serializeCategory(row) };
  },
);

// POST /api/v2/groups/{group_id}/categories/{category_id}/delete
export const deleteGroupCategory = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/categories/{category_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Categories",
    summary: "Delete a category, moving its threads (group owner or admin)",
    params: DeleteCategoryParamsSchema,
    response: z.object({ moved: z.number().int() }),
  },
  async ({ params, viewer }) => ({ moved: await deleteCategory(viewer, params.group_id, params.category_id, params.move_to || null) }),
);

// POST /api/v2/groups/{group_id}/categories/order
export const orderGroupCategories = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/categories/order",
    family: "v2",
    auth: "user",
    tag: "Categories",
    summary: "Set the display order of a group's categories (group owner or admin)",
    params: OrderCategoriesParamsSchema,
    response: z.object({ category: z.array(CategorySchema) }),
  },
  async ({ params, viewer }) => ({ category: (await orderCategories(viewer, params.group_id, params.ids)).map(serializeCategory) }),
);
