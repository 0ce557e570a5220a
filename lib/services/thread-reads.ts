import "server-only";
import { canReadThread, loadGroupRole, readDenial, roleFromFacts, type Access, type Actor, type GroupRole } from "@/lib/auth/permissions";
import { assertGroupReadable, loadReadableRole } from "@/lib/services/group-access";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import { loadThreadPage, pagePostIds, personaliseThreadPage, type ThreadPageRecord } from "@/lib/db/thread-page";
import { findThreadReaderFacts, markThreadRead } from "@/lib/db/thread-reader";
import { loadViewerPostMarks } from "@/lib/db/posts";
import { readPublicThreadVersion } from "@/lib/db/read-versions";
import { findThreadReadFacts } from "@/lib/db/roles";
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
export type ThreadRead = ThreadPageRecord & {
  access: Access;
  /**
   * For a signed-in reader: the version of everything this read shows them (the thread's read
   * version, their role, follow and likes on the page), so an answer built from it can be kept
   * for them; null for a guest (whose answers are kept by the thread's public version).
   */
  readerVersion: string | null;
};

// Pages of live threads as every reader sees them, kept per read version (a write moves it, so the
// next read reloads). Pages of removed threads (moderators only) are never kept. Bounded in bytes
// too: 200 pages at their content budget would be 400 MB and more.
const KEPT_PAGES_MAX_BYTES = 128 * 1024 * 1024;
// Content as JS strings (up to two bytes a character, once as stored and once as served) plus the
// rest of a page (rows, authors, sidebar).
const estimatePageBytes = (record: ThreadPageRecord) => record.contentBytes * 2 + 64 * 1024;
const publicPages = createVersionedCache<ThreadPageRecord>({
  name: "thread-pages",
  max: 200,
  ttlMs: 30_000,
  maxBytes: KEPT_PAGES_MAX_BYTES,
  sizeOf: estimatePageBytes,
});

function pageKey(input: ThreadPageInput): string {
  return `${input.threadId} ${input.sort} ${input.pageSize} ${input.startPostId}`;
}

/** The page as everyone sees it (kept when the thread is public); NotFound unless the reader (role) may read it. */
async function loadReadablePage(input: ThreadPageInput, version: string, role: GroupRole): Promise<ThreadPageRecord> {
  const kept = publicPages.find(pageKey(input), version);
  if (kept) {
    if (!canReadThread(kept.thread, role)) throw new NotFound("thread");
    return kept;
  }
  const thread = await findThreadDetail(input.threadId);
  if (!thread || thread.firstPostId === null || !canReadThread(thread, role)) throw new NotFound("thread");
  const record = await loadThreadPage({ ...thread, firstPostId: thread.firstPostId }, input);
  if (!record) throw new NotFound("thread");
  // Removed threads (read by their moderators only) are never kept.
  if (canReadThread(thread, null)) publicPages.keep(pageKey(input), version, record);
  return record;
}

/** Endpoint 1, the thread page and its "load more": one page of a readable thread of the named group. */
export async function readThread(actor: Actor, input: ThreadPageInput): Promise<ThreadRead> {
  if (actor) return readThreadSignedIn(actor, input);
  // The version (read before the data: a page is never kept under a version newer than its data)
  // and the guest's role (the group's policy) come in one statement.
  const facts = await findThreadReadFacts(input.threadId, null);
  if (!facts) throw new NotFound("thread");
  const role = assertGroupReadable(roleFromFacts(null, facts.role), "thread");
  const record = await loadReadablePage(input, facts.version, role);
  if (record.thread.groupName !== input.groupName.trim().toLowerCase()) throw new NotFound("thread");
  return { ...record, access: { actor: null, role }, readerVersion: null };
}

/**
 * A signed-in reader: the page everyone sees plus their own marks, in one statement when the page
 * is kept (lib/db/thread-reader.ts): its version, their role, and their likes among the posts of
 * the page kept under that key (and their bookmarks). A page rebuilt because it was stale has its likes read again; a
 * thread that moved on since they last read it has their read mark written, once they may read it.
 */
async function readThreadSignedIn(actor: NonNullable<Actor>, input: ThreadPageInput): Promise<ThreadRead> {
  const expected = publicPages.peek(pageKey(input))?.value ?? null;
  const facts = await findThreadReaderFacts(input.threadId, actor.id, expected ? pagePostIds(expected) : []);
  if (!facts) throw new NotFound("thread");
  const role = assertGroupReadable(roleFromFacts(actor, facts.role), "thread");
  const record = await loadReadablePage(input, facts.version, role);
  if (record.thread.groupName !== input.groupName.trim().toLowerCase()) throw new NotFound("thread");
  const postIds = pagePostIds(record);
  // Read up to the newest post this page shows (contract section 17), never backwards; a rebuilt
  // page's marks are read at the same time.
  const newestShown = Math.max(0, ...postIds);
  const [pageMarks] = await Promise.all([
    record === expected ? facts : loadViewerPostMarks(actor.id, postIds),
    facts.readMark < newestShown ? markThreadRead(actor.id, input.threadId, newestShown) : null,
  ]);
  const liked = [...pageMarks.liked];
  const bookmarked = [...pageMarks.bookmarked];
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(",");
  const own = `${facts.subscribed ? 1 : 0}${facts.muted ? 1 : 0} ${sorted(liked)} ${sorted(bookmarked)} ${facts.ignored.join(",")} ${facts.showsNsfw ? 1 : 0}`;
  const readerVersion = `${facts.version} ${own} ${JSON.stringify(role)}`;
  const marks = { subscribed: facts.subscribed, muted: facts.muted, liked, bookmarked, ignored: facts.ignored, showsNsfw: facts.showsNsfw };
  return { ...personaliseThreadPage(record, marks), access: { actor, role }, readerVersion };
}

/** The version of what a reader without a token sees of a thread (null: no such thread). */
export function threadGuestVersion(threadId: number): Promise<string | null> {
  return readPublicThreadVersion(threadId);
}

export interface ThreadLocation {
  id: number;
  slug: string;
  groupName: string;
  groupId: number;
  /** Whether the actor may read it (false: a private group's thread, for a non-member). */
  readable: boolean;
}

/** Where a thread the actor can read lives, so a page can 404 or redirect to its canonical address before it streams. */
export async function locateThread(actor: Actor, threadId: number): Promise<ThreadLocation | null> {
  const route = await findThreadRoute(threadId);
  if (!route || route.firstPostId === null) return null;
  const role = await loadGroupRole(actor, route.groupId);
  // A hidden group's threads do not exist for non-members; a private group's page explains itself.
  if (!role || readDenial(role) === "hidden" || !canReadThread(route, role)) return null;
  return { id: route.id, slug: route.slug || "thread", groupName: route.groupName, groupId: route.groupId, readable: readDenial(role) === null };
}

/** A thread the actor may read now, for its event stream and live posts: NotFound (unknown, removed, hidden group) or Forbidden (private group). */
export async function requireReadableThread(actor: Actor, threadId: number): Promise<ThreadLocation> {
  const thread = await locateThread(actor, threadId);
  if (!thread) throw new NotFound("thread");
  await loadReadableRole(actor, thread.groupId, "thread");
  return thread;
}

/** Whether the actor may still read the thread (an open stream's guard). */
export async function canStillReadThread(actor: Actor, threadId: number): Promise<boolean> {
  try {
    await requireReadableThread(actor, threadId);
    return true;
  } catch {
    return false;
  }
}
