import "server-only";
import { guestRole, loadGroupRole, type Access, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { readLatestEventId } from "@/lib/db/live-events";
import { findThreadPosts } from "@/lib/db/posts";
import { loadPostNodes, type PostNode } from "@/lib/db/post-tree";
import { Invalid, NotFound, Unauthenticated } from "@/lib/errors";
import { openEventFeed, type EventFeed } from "@/lib/live/event-feed";
import { canStillReadThread, requireReadableThread, type ThreadLocation } from "@/lib/services/thread-reads";
import { findIgnoredAmong } from "@/lib/db/user-ignores";

// Contract section 13: who may follow which topic. A thread's events go to whoever may read the
// thread (an unknown or deleted one is not found, as for its page); a person's own events only
// to that person. These answer feeds of events; the API and the page stream write them out.

export interface StreamOpening {
  /** Last-Event-ID (header) or last_event_id (parameter): the last event the client has. */
  lastEventId: number | null;
  /** Whose stream slots it takes: "user:<id>", or the API key and client address of a guest. */
  subject: string;
}

const EVENT_ID = /^\d{1,15}$/;

/** The Last-Event-ID header wins over the parameter (browsers send the header on their own); a malformed one is a 400. */
export function readLastEventId(header: string | null, param: number | undefined): number | null {
  if (header !== null && header.trim() !== "") {
    if (!EVENT_ID.test(header.trim())) throw new Invalid("Last-Event-ID", "must be an event id");
    return Number(header.trim());
  }
  return param ?? null;
}

/** A thread's stream ends when its reader may no longer read it (left, removed, the group made private). */
function threadGuard(actor: Actor, thread: ThreadLocation) {
  return { topic: `access:${thread.groupId}`, check: () => canStillReadThread(actor, thread.id) };
}

export async function openThreadEvents(actor: Actor, threadId: number, opening: StreamOpening): Promise<EventFeed> {
  const thread = await requireReadableThread(actor, threadId);
  return openEventFeed({ topics: [`thread:${thread.id}`], guard: threadGuard(actor, thread), ...opening });
}

export async function openNotificationEvents(actor: SignedIn, opening: StreamOpening): Promise<EventFeed> {
  return openEventFeed({ topics: [`user:${actor.id}`], ...opening });
}

/** What a page follows: the thread it shows, and its signed-in reader's notifications. */
export interface PageTopics {
  threadId: number | null;
  notifications: boolean;
}

/**
 * A page's one stream (app/live/events). A thread the reader may not read is left out rather than
 * failing the reader's notifications with it; with nothing left to follow it is not found.
 */
export async function openPageEvents(actor: Actor, wanted: PageTopics, opening: StreamOpening): Promise<EventFeed> {
  if (wanted.notifications && !actor) throw new Unauthenticated("Sign in to follow your notifications");
  const thread = wanted.threadId === null ? null : await requireReadableThread(actor, wanted.threadId).catch(() => null);
  const topics = [...(thread ? [`thread:${thread.id}`] : []), ...(wanted.notifications && actor ? [`user:${actor.id}`] : [])];
  if (wanted.threadId !== null && !thread && topics.length === 0) throw new NotFound("thread");
  if (topics.length === 0) throw new Invalid("topics", "name a thread or notifications");
  return openEventFeed({ topics, ...(thread ? { guard: threadGuard(actor, thread) } : {}), ...opening });
}

/** Posts a thread page was told about (new, edited, deleted), as its reader may see them: for showing or replacing them in place. */
export async function readLivePosts(actor: Actor, threadId: number, postIds: readonly number[]): Promise<{ nodes: PostNode[]; access: Access | null }> {
  const thread = await requireReadableThread(actor, threadId);
  const rows = await findThreadPosts(threadId, postIds);
  if (rows.length === 0) return { nodes: [], access: null };
  const [nodes, role, ignored] = await Promise.all([
    loadPostNodes(rows, actor?.id ?? null),
    loadGroupRole(actor, thread.groupId),
    // New posts by people the reader ignores arrive folded, as on the page (contract section 17).
    actor
      ? findIgnoredAmong(
          actor.id,
          rows.map((row) => row.userId),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  const marked = rows.map((row) => nodes.get(row.id)!).map((node) => ({ ...node, authorIgnored: ignored.has(node.post.userId) }));
  return { nodes: marked, access: { actor, role: role ?? guestRole(thread.groupId) } };
}

/** Where a page's stream starts: read before the page's data, so nothing between rendering and connecting is missed. */
export function readLiveCursor(): Promise<number> {
  return readLatestEventId();
}
