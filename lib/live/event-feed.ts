import "server-only";
import { readEventsAfter, readLatestEventId, type LiveEvent } from "@/lib/db/live-events";
import { logger } from "@/lib/log";
import { subscribe } from "@/lib/live/hub";
import { takeStreamSlot } from "@/lib/live/stream-slots";

// The one feed behind the API's event streams and the page stream (app/live/events): the events
// of some topics (a page's thread and its reader's notifications share one connection: browsers
// hold six per host over HTTP/1.1, and every open tab keeps its stream), replaying from the log
// what a reconnecting client missed (Last-Event-ID), then live ones as the hub hands them over.
// Events only: lib/http/event-stream.ts writes them out as text/event-stream.
const REPLAY_BATCH = 500;

export interface EventFeedRequest {
  /** One or more topics; event ids are global, so one cursor covers them all. */
  topics: readonly string[];
  /** The last event the client has (Last-Event-ID), or null for a new client: only what comes next. */
  lastEventId: number | null;
  /** Whose slots it takes (lib/live/stream-slots.ts). */
  subject: string;
  /**
   * Who may read it can change (contract section 14): events of `topic` are never sent; each one
   * re-runs `check`, and the feed ends when the reader may no longer read what it carries.
   */
  guard?: { topic: string; check: () => Promise<boolean> };
}

/** Where a feed's events go, in order; `end` once, when the feed ends on its own (access lost, shutdown, a failed replay). */
export interface EventSink {
  deliver: (event: LiveEvent) => void;
  end: () => void;
}

/** An opened feed (its stream slot taken): `start` hands its events to the sink and answers `stop`, which gives the slot back. */
export interface EventFeed {
  start: (sink: EventSink) => () => void;
}

/**
 * Opens a feed, or throws RateLimited when the subject has all its streams open (before anything
 * is sent, so the caller answers with its error format). Start it at once: its slot is held until stopped.
 */
export async function openEventFeed({ topics: shown, lastEventId, subject, guard }: EventFeedRequest): Promise<EventFeed> {
  const topics = guard ? [...shown, guard.topic] : shown;
  const release = takeStreamSlot(subject);
  let since: number;
  try {
    since = lastEventId ?? (await readLatestEventId());
  } catch (error) {
    release();
    throw error;
  }
  return {
    start(sink) {
      let ended = false;
      // Live events that arrive while the log is replayed wait here, then go out after it.
      let buffered: LiveEvent[] | null = [];
      const replayed = new Set<number>();
      const send = (event: LiveEvent) => {
        if (!ended) sink.deliver(event);
      };
      // Events that arrive while the guard re-checks the reader wait here: one polled batch can
      // hold the access change and the next post together (the embedded database's poller).
      let held: LiveEvent[] | null = null;
      const deliver = (event: LiveEvent) => {
        if (event.id <= since || replayed.has(event.id)) return;
        if (guard && event.topic === guard.topic) {
          // Only live changes matter: the check when the feed opened saw everything before it.
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
        else send(event);
      };
      const unsubscribes = topics.map((topic) => subscribe({ topic, since, deliver, close: () => finish() }));
      const stop = () => {
        if (ended) return;
        ended = true;
        for (const unsubscribe of unsubscribes) unsubscribe();
        release();
      };
      const finish = () => {
        if (ended) return;
        stop();
        sink.end();
      };
      // The replay starts after `start` returns, so a feed stopped at once reads nothing.
      void Promise.resolve()
        .then(async () => {
          let cursor = since;
          // Stops early if the feed ended meanwhile (client gone, or too slow to keep up with the replay).
          while (!ended) {
            const events = await readEventsAfter(cursor, REPLAY_BATCH, topics);
            for (const event of events) {
              replayed.add(event.id);
              if (!guard || event.topic !== guard.topic) send(event);
            }
            if (events.length < REPLAY_BATCH) break;
            cursor = events[events.length - 1]!.id;
          }
          const waiting = buffered ?? [];
          buffered = null;
          for (const event of waiting) deliver(event);
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, topics }, "live stream replay failed; closing it");
          finish();
        });
      return stop;
    },
  };
}
