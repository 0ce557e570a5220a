import "server-only";
import { readEventsAfter, readLatestEventId, type LiveEvent } from "@/lib/db/live-events";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { subscribe } from "@/lib/live/hub";
import { takeStreamSlot } from "@/lib/live/stream-slots";

// The one stream core behind the API's event streams and the page stream (app/live/events): a
// text/event-stream of some topics' events (a page's thread and its reader's notifications share one
// connection: browsers hold six per host over HTTP/1.1, and every open tab keeps its stream), replaying from the log what a reconnecting client
// missed (Last-Event-ID), then live ones as the hub hands them over, with heartbeat comments.
const REPLAY_BATCH = 500;
// A client that reads nothing while this many messages wait is dropped rather than buffered for.
const MAX_QUEUED = 1000;

export interface EventStreamRequest {
  /** One or more topics; event ids are global, so one cursor covers them all. */
  topics: readonly string[];
  /** The last event the client has (Last-Event-ID), or null for a new client: only what comes next. */
  lastEventId: number | null;
  /** Whose slots it takes (lib/live/stream-slots.ts). */
  subject: string;
  /** The request's signal: the stream ends when the client goes away. */
  signal: AbortSignal;
  /**
   * Who may read it can change (contract section 14): events of `topic` are never sent; each one
   * re-runs `check`, and the stream ends when the reader may no longer read what it carries.
   */
  guard?: { topic: string; check: () => Promise<boolean> };
}

const encoder = new TextEncoder();

function formatEvent(event: LiveEvent): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/**
 * Opens a stream, or throws RateLimited when the subject has all its streams open (before
 * anything is sent, so the caller answers with its error format).
 */
export async function openEventStream({ topics: shown, lastEventId, subject, signal, guard }: EventStreamRequest): Promise<ReadableStream<Uint8Array>> {
  const topics = guard ? [...shown, guard.topic] : shown;
  const release = takeStreamSlot(subject);
  let since: number;
  try {
    since = lastEventId ?? (await readLatestEventId());
  } catch (error) {
    release();
    throw error;
  }
  let finish = () => release();
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let ended = false;
        // Live events that arrive while the log is replayed wait here, then go out after it.
        let buffered: LiveEvent[] | null = [];
        const replayed = new Set<number>();
        const send = (chunk: Uint8Array) => {
          if (ended) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return finish();
          controller.enqueue(chunk);
        };
        // Events that arrive while the guard re-checks the reader wait here: one polled batch can
        // hold the access change and the next post together (the embedded database's poller).
        let held: LiveEvent[] | null = null;
        const deliver = (event: LiveEvent) => {
          if (event.id <= since || replayed.has(event.id)) return;
          if (guard && event.topic === guard.topic) {
            // Only live changes matter: the check when the stream opened saw everything before it.
            if (held) return;
            held = [];
            void guard.check().then(
              (allowed) => {
                const waiting = held ?? [];
                held = null;
                if (!allowed) return finish();
                for (const next of waiting) deliver(next);
              },
              () => finish(),
            );
            return;
          }
          if (held) held.push(event);
          else if (buffered) buffered.push(event);
          else send(formatEvent(event));
        };
        const unsubscribes = topics.map((topic) => subscribe({ topic, since, deliver, close: () => finish() }));
        const heartbeat = setInterval(() => send(encoder.encode(": heartbeat\n\n")), getEnv().AGORA_LIVE_HEARTBEAT_SECONDS * 1000);
        heartbeat.unref();
        finish = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          for (const unsubscribe of unsubscribes) unsubscribe();
          release();
          signal.removeEventListener("abort", finish);
          try {
            controller.close();
          } catch {
            // Already closed or errored by a client that went away.
          }
        };
        signal.addEventListener("abort", finish);
        if (signal.aborted) return finish();
        // `retry`: how long browsers wait before reconnecting; the comment tells clients the stream is live.
        send(encoder.encode("retry: 3000\n: connected\n\n"));
        void (async () => {
          let cursor = since;
          // Stops early if the stream ended meanwhile (client gone, or too slow to keep up with the replay).
          while (!ended) {
            const events = await readEventsAfter(cursor, REPLAY_BATCH, topics);
            for (const event of events) {
              replayed.add(event.id);
              if (!guard || event.topic !== guard.topic) send(formatEvent(event));
            }
            if (events.length < REPLAY_BATCH) break;
            cursor = events[events.length - 1]!.id;
          }
          const waiting = buffered ?? [];
          buffered = null;
          for (const event of waiting) deliver(event);
        })().catch((error: unknown) => {
          logger.warn({ err: error, topics }, "live stream replay failed; closing it");
          finish();
        });
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 1 },
  );
  return stream;
}
