import "server-only";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeThreadListItem } from "@/lib/api/serializers/thread-list-item";
import { findCategory, findGroupOwner } from "@/lib/db/categories";
import { listThreadsPage, loadThreadListRelations, toPageWindow, type ThreadPageQuery } from "@/lib/db/thread-lists";
import {
  CategoryThreadsParamsSchema,
  GroupThreadsParamsSchema,
  type ThreadListItemDto,
} from "@/lib/schemas/thread-list-schemas";

// A category named together with a group must be one of that group's (contract section 5).
async function requireGroupAndCategory(groupId: number, categoryId: number): Promise<void> {
  const [group, category] = await Promise.all([
    findGroupOwner(groupId),
    categoryId > 0 ? findCategory(categoryId) : Promise.resolve(null),
  ]);
  if (!group) throw notFound("group");
  if (categoryId > 0 && (!category || category.groupId !== groupId)) throw notFound("category");
}

async function loadThreadPage(query: ThreadPageQuery): Promise<ThreadListItemDto[]> {
  const rows = await listThreadsPage(query);
  const related = await loadThreadListRelations(rows);
  const now = new Date();
  return rows.map((row) => serializeThreadListItem(row, related, now));
}

/** Endpoint 12: `new` = pinned first, then latest activity; `old` = oldest created first. */
export async function loadGroupThreads(input: {
  groupId: number;
  page: number;
  perPage: number;
  categoryId: number;
  sort: "new" | "old";
}): Promise<ThreadListItemDto[]> {
  await requireGroupAndCategory(input.groupId, input.categoryId);
  return loadThreadPage({ ...input, ...toPageWindow(input.page, input.perPage) });
}

/** Endpoint 2: one category's threads, pinned first, then latest activity. */
export async function loadCategoryThreads(input: {
  groupId: number;
  categoryId: number;
  page: number;
  perPage: number;
}): Promise<ThreadListItemDto[]> {
  await requireGroupAndCategory(input.groupId, input.categoryId);
  return loadThreadPage({ ...input, sort: "new", ...toPageWindow(input.page, input.perPage) });
}

// GET /api/v2/groups/{group_id}/threads
export const getGroupThreads = defineEndpoint({ auth: "optional", params: GroupThreadsParamsSchema }, async ({ params }) => ({
  threads: await loadGroupThreads({
    groupId: params.group_id,
    page: params.page,
    perPage: params.per_page,
    categoryId: params.category_id,
    sort: params.sort,
  }),
}));

// GET /api/v2/groups/{group_id}/categories/{category_id}
export const getCategoryThreads = defineEndpoint(
  { auth: "optional", params: CategoryThreadsParamsSchema },
  async ({ params }) => ({
    threads: await loadCategoryThreads({
      groupId: params.group_id,
      categoryId: params.category_id,
      page: params.page,
      perPage: params.per_page,
    }),
  }),
);
