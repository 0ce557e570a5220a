import "server-only";
import type { Access, Actor } from "@/lib/auth/permissions";
import { loadReadableRole } from "@/lib/services/group-access";
import { findCategory } from "@/lib/db/categories";
import { readPublicGroupVersion } from "@/lib/db/read-versions";
import { toPageWindow } from "@/lib/db/pagination";
import { countGroupThreads, listThreadEntries, loadThreadEntries, type ThreadListEntry } from "@/lib/db/thread-lists";
import { NotFound } from "@/lib/errors";
import { findDeepPageIds } from "@/lib/services/thread-orders";
import { resolveTagFilter } from "@/lib/services/thread-tags";

export interface ThreadListInput {
  groupId: number;
  /** 0: every category of the group. */
  categoryId: number;
  page: number;
  perPage: number;
  /** "new": pinned first, then latest activity; "old": oldest created first. */
  sort: "new" | "old";
  /** Only threads carrying this tag of the group (contract section 18); 0 or absent: any. */
  tagId?: number;
}

/** The version of what a reader without a token sees of a group's listings and info (null: no such group). */
export function groupGuestVersion(groupId: number): Promise<string | null> {
  return readPublicGroupVersion(groupId);
}

// A category named together with a group must be one of that group's (contract section 5); the
// group itself is known to exist once the reader's role in it was loaded.
async function requireCategory(groupId: number, categoryId: number): Promise<void> {
  if (categoryId === 0) return;
  const category = await findCategory(categoryId);
  if (!category || category.groupId !== groupId) throw new NotFound("category");
}

/** A page of a group's threads with who reads it (a deleted opening post shows only to its author and moderators). */
export interface ThreadListPage {
  entries: ThreadListEntry[];
  access: Access;
}

/** Endpoints 2 and 12 and the group pages: one page of a group's (or a category's) threads. */
export async function listGroupThreads(actor: Actor, input: ThreadListInput): Promise<ThreadListPage> {
  // The role decides first: nothing of a group the reader may not read is loaded.
  const role = await loadReadableRole(actor, input.groupId);
  await requireCategory(input.groupId, input.categoryId);
  await resolveTagFilter(actor, input.tagId, input.groupId);
  const query = { ...input, ...toPageWindow(input.page, input.perPage) };
  const deepIds = await findDeepPageIds(query, query);
  const entries = deepIds ? await loadThreadEntries(input.groupId, deepIds) : await listThreadEntries(query);
  return { entries, access: { actor, role } };
}

/** The same page with the number of threads it is a page of, for a paginated page. */
export async function listGroupThreadsWithTotal(actor: Actor, input: ThreadListInput): Promise<ThreadListPage & { total: number }> {
  const [page, total] = await Promise.all([listGroupThreads(actor, input), countGroupThreads(input)]);
  return { ...page, total };
}
