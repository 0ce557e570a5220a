import "server-only";
import type { Actor, SignedIn } from "@/lib/auth/permissions";
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
