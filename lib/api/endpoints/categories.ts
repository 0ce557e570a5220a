import "server-only";
import { badRequest, forbidden, notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeCategory } from "@/lib/api/serializers/category";
import { findCategory, findGroupOwner, listGroupCategories } from "@/lib/db/categories";
import { findAdminLevel } from "@/lib/db/groups";
import { toPageWindow } from "@/lib/db/thread-lists";
import { createCategory } from "@/lib/services/categories";
import { ADMIN_LEVEL } from "@/lib/services/groups";
import {
  CATEGORY_NAME_MAX,
  CreateCategoryParamsSchema,
  GroupCategoriesParamsSchema,
  type CategoryDto,
} from "@/lib/schemas/category-schemas";

/** A group's categories in display order; the first 100 unless a page is asked for. */
export async function loadGroupCategories(input: { groupId: number; page?: number; perPage?: number }): Promise<CategoryDto[]> {
  const group = await findGroupOwner(input.groupId);
  if (!group) throw notFound("group");
  const rows = await listGroupCategories({ groupId: group.id, ...toPageWindow(input.page ?? 1, input.perPage ?? 100) });
  return rows.map(serializeCategory);
}

async function canManageCategories(group: { id: number; ownerId: number }, userId: number): Promise<boolean> {
  if (group.ownerId === userId) return true;
  const level = await findAdminLevel(group.id, userId);
  return level === ADMIN_LEVEL.owner || level === ADMIN_LEVEL.admin;
}

/** Creates a category as `userId`: the group owner or an admin (level 1 or 2) only. */
export async function createCategoryForUser(input: {
  groupId: number;
  userId: number;
  name: string;
  parentId: number | null;
}): Promise<CategoryDto> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > CATEGORY_NAME_MAX) throw badRequest(`name: must be 1-${CATEGORY_NAME_MAX} characters`);
  const group = await findGroupOwner(input.groupId);
  if (!group) throw notFound("group");
  if (!(await canManageCategories(group, input.userId))) {
    throw forbidden("Only the group owner or an admin can create categories");
  }
  const parentId = input.parentId === null || input.parentId === 0 ? null : input.parentId;
  const { id } = await createCategory({ groupId: group.id, name, parentId });
  const row = await findCategory(id);
  if (!row) throw notFound("category");
  return serializeCategory(row);
}

// GET /api/v2/groups/{group_id}/categories
export const getGroupCategories = defineEndpoint(
  { auth: "optional", params: GroupCategoriesParamsSchema },
  async ({ params }) => ({
    category: await loadGroupCategories({ groupId: params.group_id, page: params.page, perPage: params.per_page }),
  }),
);

// POST /api/v2/groups/{group_id}/categories/create
export const createGroupCategory = defineEndpoint(
  { auth: "user", params: CreateCategoryParamsSchema },
  async ({ params, viewer }) => ({
    category: await createCategoryForUser({
      groupId: params.group_id,
      userId: viewer.id,
      name: params.name,
      parentId: params.parent_id ?? null,
    }),
  }),
);
