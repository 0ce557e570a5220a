import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import type { PageWindow } from "@/lib/db/pagination";

export const CATEGORY_SELECT = {
  id: true,
  groupId: true,
  parentId: true,
  name: true,
  order: true,
  importSourceImportId: true,
  importSourceForumId: true,
} satisfies Prisma.CategorySelect;

export type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof CATEGORY_SELECT }>;

export const CATEGORY_NAME_SELECT = { id: true, name: true } satisfies Prisma.CategorySelect;
export type CategoryNameRow = Prisma.CategoryGetPayload<{ select: typeof CATEGORY_NAME_SELECT }>;

/** One page of a group's categories in display order (index categories(group_id, order, id)). */
export async function listGroupCategories(input: { groupId: number } & PageWindow): Promise<CategoryRow[]> {
  const db = await getDb();
  return db.category.findMany({
    where: { groupId: input.groupId },
    orderBy: [{ order: "asc" }, { id: "asc" }],
    skip: input.skip,
    take: input.take,
    select: CATEGORY_SELECT,
  });
}

export async function findCategory(id: number): Promise<CategoryRow | null> {
  const db = await getDb();
  return db.category.findUnique({ where: { id }, select: CATEGORY_SELECT });
}

/** Names of the categories of a page of threads, in one query. */
export async function findCategoryNames(ids: number[]): Promise<Map<number, CategoryNameRow>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.category.findMany({ where: { id: { in: ids } }, select: CATEGORY_NAME_SELECT });
  return new Map(rows.map((row) => [row.id, row]));
}
