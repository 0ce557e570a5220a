import "server-only";
import { guestRole, loadGroupRole, type Access, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { readLatestEventId } from "@/lib/db/live-events";
import { findThreadPosts } from "@/lib/db/posts";
import { loadPostNodes, type PostNode } from "@/lib/db/post-tree";
import { Invalid, NotFound } from "@/lib/errors";
import { openEventStream } from "@/lib/live/event-stream";
import { locateThread } from "@/lib/services/thread-reads";

// Contract section 13: who may follow which topic. A thread's events go to whoever may read the
// thread (an unknown or deleted one is not found, as for its page); a person's own events only
// to that person.

export interface StreamOpening {
  /** Last-Event-ID (header) or last_event_id (parameter): the last event the client has. */
  lastEventId: number | null;
  /** Whose stream slots it takes: "user:<id>", or the API key and client address of a guest. */
  subject: string;
  signal: AbortSignal;
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

export async function openThreadEvents(actor: Actor, threadId: number, opening: StreamOpening): Promise<ReadableStream<Uint8Array>> {
  const thread = await locateThread(actor, threadId);
  if (!thread) throw new NotFound("thread");
  return openEventStream({ topic: `thread:${thread.id}`, ...opening });
}

export async function openNotificationEvents(actor: SignedIn, opening: StreamOpening): Promise<ReadableStream<Uint8Array>> {
  return openEventStream({ topic: `user:${actor.id}`, ...opening });
}

/** Posts a thread page was told about (new, edited, deleted), as its reader may see them: for showing or replacing them in place. */
export async function readLivePosts(actor: Actor, threadId: number, postIds: readonly number[]): Promise<{ nodes: PostNode[]; access: Access | null }> {
  const thread = await locateThread(actor, threadId);
  if (!thread) throw new NotFound("thread");
  const rows = await findThreadPosts(threadId, postIds);
  if (rows.length === 0) return { nodes: [], access: null };
  const groupId = rows[0]!.groupId;
  const [nodes, role] = await Promise.all([loadPostNodes(rows, actor?.id ?? null), actor ? loadGroupRole(actor, groupId) : null]);
  return { nodes: rows.map((row) => nodes.get(row.id)!), access: { actor, role: role ?? guestRole(groupId) } };
}

/** Where a page's stream starts: read before the page's data, so nothing between rendering and connecting is missed. */
export function readLiveCursor(): Promise<number> {
  return readLatestEventId();
}
