"use client";

import { useEffect, useRef } from "react";

/** One event of a page stream (app/live/**): its log id, type and data. */
export interface LiveMessage<T = Record<string, unknown>> {
  id: number;
  type: string;
  data: T;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

function withCursor(url: string, lastId: number): string {
  const [path, query = ""] = url.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("last_event_id", String(lastId));
  return `${path}?${params}`;
}

/**
 * Follows a page stream (`/live/threads/<id>`, `/live/notifications`) with the browser session and
 * calls `onEvent` for each event of `types`. EventSource reconnects by itself after a dropped
 * connection, sending Last-Event-ID, so the server replays what was missed; after a refusal (a
 * non-200 answer, e.g. 429 with too many tabs open) it gives up, so this opens a new one with
 * backoff and the last id as `last_event_id`. For the notification bell, e.g.:
 * `useLiveEvents("/live/notifications", ["notification"], (e) => queryClient.setQueryData(key, e.data.unread_count))`.
 */
export function useLiveEvents<T = Record<string, unknown>>(url: string | null, types: readonly string[], onEvent: (message: LiveMessage<T>) => void): void {
  // The latest handler without reopening the stream on every render.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const typeKey = types.join(",");

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let lastId: number | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const listener = (event: MessageEvent<string>) => {
      failures = 0;
      const id = Number(event.lastEventId);
      if (Number.isSafeInteger(id) && id > 0) lastId = id;
      try {
        handler.current({ id, type: event.type, data: JSON.parse(event.data) as T });
      } catch {
        // A malformed event is skipped; the stream goes on.
      }
    };
    const open = () => {
      if (stopped) return;
      const target = lastId === null ? url : withCursor(url, lastId);
      source = new EventSource(target);
      for (const type of typeKey.split(",")) source.addEventListener(type, listener as EventListener);
      source.onopen = () => {
        failures = 0;
      };
      source.onerror = () => {
        // CONNECTING: the browser retries on its own (with Last-Event-ID). CLOSED: it gave up.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url, typeKey]);
}
