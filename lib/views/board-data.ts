import "server-only";
import { loadCategoryThreads, loadGroupThreads } from "@/lib/api/endpoints/thread-lists";
import { findThreadActivity } from "@/lib/db/thread-activity";
import { countGroupThreads } from "@/lib/db/thread-lists";

export const THREADS_PER_PAGE = 20;

/**
 * One page of a group's threads (categoryId null) or of one category's, with what the rows
 * show besides the list item: when each thread was last active and who started it.
 */
export async function loadBoardPage(input: { groupId: number; categoryId: number | null; page: number }) {
  const { groupId, categoryId, page } = input;
  const [threads, total] = await Promise.all([
    categoryId === null
      ? loadGroupThreads({ groupId, page, perPage: THREADS_PER_PAGE, categoryId: 0, sort: "new" })
      : loadCategoryThreads({ groupId, categoryId, page, perPage: THREADS_PER_PAGE }),
    countGroupThreads({ groupId, categoryId: categoryId ?? 0 }),
  ]);
  const activity = await findThreadActivity(threads.map((thread) => thread.id));
  return { threads, activity, totalPages: Math.max(Math.ceil(total / THREADS_PER_PAGE), 1) };
}

export type BoardPage = Awaited<ReturnType<typeof loadBoardPage>>;
