import { getEnv } from "@/lib/env";

// text/event-stream: how the API's event streams and the page stream (app/live/events) write the
// events of a feed (lib/live/event-feed.ts opens them) as bytes, with heartbeat comments.

// Headers of every event stream (the API's and the pages'): never cached or transformed, and not
// buffered by proxies (nginx honours X-Accel-Buffering), so each event reaches the client as sent.
export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

// A client that reads nothing while this many messages wait is dropped rather than buffered for.
const MAX_QUEUED = 1000;

/** One event as a stream sends it: its id (Last-Event-ID), its type and its JSON data. */
export interface StreamedEvent {
  id: number;
  type: string;
  data: unknown;
}

/** Where a feed hands its events, in order; `end` when the feed ends on its own. */
export interface StreamSink {
  deliver: (event: StreamedEvent) => void;
  end: () => void;
}

/** An opened feed of events: `start` sends them to the sink and answers how to stop it. */
export interface StreamFeed {
  start: (sink: StreamSink) => () => void;
}

const encoder = new TextEncoder();

function formatEvent(event: StreamedEvent): Uint8Array {
  return encoder.encode(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/**
 * The feed as a text/event-stream body. It ends when the feed does, when the client goes away
 * (`signal`, the request's), or when the client reads too slowly; the feed is stopped each time.
 */
export function encodeEventStream(feed: StreamFeed, signal: AbortSignal): ReadableStream<Uint8Array> {
  let finish = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let ended = false;
        let stopFeed: (() => void) | null = null;
        const send = (chunk: Uint8Array) => {
          if (ended) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return finish();
          controller.enqueue(chunk);
        };
        const heartbeat = setInterval(() => send(encoder.encode(": heartbeat\n\n")), getEnv().AGORA_LIVE_HEARTBEAT_SECONDS * 1000);
        heartbeat.unref();
        finish = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          stopFeed?.();
          signal.removeEventListener("abort", finish);
          try {
            controller.close();
          } catch {
            // Already closed or errored by a client that went away.
          }
        };
        signal.addEventListener("abort", finish);
        // `retry`: how long browsers wait before reconnecting; the comment tells clients the stream is live.
        send(encoder.encode("retry: 3000\n: connected\n\n"));
        stopFeed = feed.start({ deliver: (event) => send(formatEvent(event)), end: () => finish() });
        // Ended while the feed started (finish could not stop it yet), or the client had already gone.
        if (ended) stopFeed();
        else if (signal.aborted) finish();
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 1 },
  );
}
