import "server-only";
import { canReadThread, guestRole, loadGroupRole, type Access, type Actor } from "@/lib/auth/permissions";
import { loadThreadPage, type ThreadPageRecord } from "@/lib/db/thread-page";
import { findThreadDetail, findThreadRoute } from "@/lib/db/threads";
import { NotFound } from "@/lib/errors";

export type PostSort = "new" | "old";

export interface ThreadPageInput {
  threadId: number;
  /** The group handle the thread must belong to (case-insensitive). */
  groupName: string;
  sort: PostSort;
  pageSize: number;
  /** Keyset cursor over top-level posts: 0 for the first page, else the last id already shown. */
  startPostId: number;
}

/** A page of a thread, with who is reading it (for can_edit, can_delete and the page's controls). */
export type ThreadRead = ThreadPageRecord & { access: Access };

/** Endpoint 1, the thread page and its "load more": one page of a readable thread of the named group. */
export async function readThread(actor: Actor, input: ThreadPageInput): Promise<ThreadRead> {
  const thread = await findThreadDetail(input.threadId);
  if (!thread || thread.firstPostId === null || thread.group.name !== input.groupName.trim().toLowerCase()) {
    throw new NotFound("thread");
  }
  const [record, role] = await Promise.all([
    canReadThread(thread, null) ? loadThreadPage({ ...thread, firstPostId: thread.firstPostId }, { ...input, viewerId: actor?.id ?? null }) : null,
    actor ? loadGroupRole(actor, thread.groupId) : guestRole(thread.groupId),
  ]);
  if (!role || !canReadThread(thread, role)) throw new NotFound("thread");
  // A removed thread is read only after the reader proved to be one of its moderators.
  const page = record ?? (await loadThreadPage({ ...thread, firstPostId: thread.firstPostId }, { ...input, viewerId: actor?.id ?? null }));
  if (!page) throw new NotFound("thread");
  return { ...page, access: { actor, role } };
}

export interface ThreadLocation {
  id: number;
  slug: string;
  groupName: string;
}

/** Where a thread the actor can read lives, so a page can 404 or redirect to its canonical address before it streams. */
export async function locateThread(actor: Actor, threadId: number): Promise<ThreadLocation | null> {
  const route = await findThreadRoute(threadId);
  if (!route || route.firstPostId === null) return null;
  if (!canReadThread(route, null)) {
    const role = actor ? await loadGroupRole(actor, route.groupId) : null;
    if (!canReadThread(route, role)) return null;
  }
  return { id: route.id, slug: route.slug || "thread", groupName: route.group.name };
}
