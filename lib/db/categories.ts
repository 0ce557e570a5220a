import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import type { Tx } from "@/lib/db/engine/transaction";

const CATEGORY_SELECT = {
  id: true,
  groupId: true,
  parentId: true,
  name: true,
  order: true,
  importSourceImportId: true,
  importSourceForumId: true,
} satisfies Prisma.CategorySelect;

/** A category of a group: a top-level one, or one inside another (parentId). */
export interface CategoryRow {
  id: number;
  groupId: number;
  parentId: number | null;
  name: string;
  order: number;
  importSourceImportId: string;
  importSourceForumId: string;
}

export interface CategoryNameRow {
  id: number;
  name: string;
}

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
  const rows = await db.category.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The group a category belongs to, or null for no such category (read in the writing transaction). */
export async function findCategoryGroupId(tx: Tx, id: number): Promise<number | null> {
  return (await tx.category.findUnique({ where: { id }, select: { groupId: true } }))?.groupId ?? null;
}

/** Adds a category after the group's last one; its id. */
export async function appendCategory(tx: Tx, input: { groupId: number; name: string; parentId: number | null }): Promise<number> {
  const last = await tx.category.aggregate({ where: { groupId: input.groupId }, _max: { order: true } });
  const { id } = await tx.category.create({ data: { ...input, order: (last._max.order ?? 0) + 1 }, select: { id: true } });
  return id;
}
