"use client";

import { useEffect, useRef } from "react";

/** One event of the page stream (app/live/events): its log id, type and data. */
export interface LiveMessage<T = Record<string, unknown>> {
  id: number;
  type: string;
  data: T;
}

/** What a component follows: the thread a page shows, or the signed-in reader's notifications. */
export type LiveChannel = { thread: number } | "notifications";

interface Subscription {
  channel: LiveChannel;
  types: readonly string[];
  /** The newest event this subscription has covered: its page's cursor, then every event the connection brought. */
  seen: number | null;
  deliver: (message: LiveMessage) => void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

// One EventSource per tab, shared by every component that follows something (the thread page, the
// bell): browsers allow six connections per host over HTTP/1.1, and a stream holds one for as long
// as the tab is open. The connection is reopened when what is followed changes, from the oldest
// position any subscription still needs; each subscription skips what it has already covered.
const subscriptions = new Set<Subscription>();
let source: EventSource | null = null;
let openKey = "";
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let syncQueued = false;
// The newest event the open connection has brought: a subscription that joins behind it needs a reopen.
let newestBrought = 0;

function streamQuery(): { key: string; query: URLSearchParams } {
  const query = new URLSearchParams();
  const thread = [...subscriptions].map((entry) => entry.channel).find((channel) => channel !== "notifications");
  if (thread) query.set("thread", String(thread.thread));
  if ([...subscriptions].some((entry) => entry.channel === "notifications")) query.set("notifications", "1");
  return { key: query.toString(), query };
}

function resumeFrom(): number | null {
  let oldest: number | null = null;
  for (const entry of subscriptions) if (entry.seen !== null && (oldest === null || entry.seen < oldest)) oldest = entry.seen;
  return oldest;
}

function dispatch(event: MessageEvent<string>): void {
  failures = 0;
  const id = Number(event.lastEventId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  newestBrought = Math.max(newestBrought, id);
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(event.data) as Record<string, unknown>;
  } catch {
    return; // A malformed event is skipped; the stream goes on.
  }
  for (const entry of [...subscriptions]) {
    const covered = entry.seen !== null && id <= entry.seen;
    entry.seen = Math.max(entry.seen ?? 0, id);
    if (!covered && entry.types.includes(event.type)) entry.deliver({ id, type: event.type, data });
  }
}

function open(): void {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  newestBrought = 0;
  const { key, query } = streamQuery();
  openKey = key;
  if (key === "" || typeof EventSource === "undefined") return;
  const from = resumeFrom();
  if (from !== null) query.set("last_event_id", String(from));
  const opened = new EventSource(`/live/events?${query}`);
  source = opened;
  for (const type of ["post", "edit", "delete", "like", "poll", "notification"]) opened.addEventListener(type, dispatch as EventListener);
  opened.onopen = () => {
    failures = 0;
  };
  opened.onerror = () => {
    // CONNECTING: the browser retries by itself, sending Last-Event-ID. CLOSED: it gave up after a
    // refusal (a 429 with too many tabs, a restart): reopen with backoff from where we are.
    if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
    opened.close();
    retryTimer = setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };
}

/** Batches the changes of one render (a page leaving, the next arriving) into one reopen. */
function queueSync(): void {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(() => {
    syncQueued = false;
    const behind = [...subscriptions].some((entry) => entry.seen !== null && entry.seen < newestBrought);
    if (streamQuery().key !== openKey || behind) open();
  });
}

/**
 * Follows a channel over the tab's one page stream and calls `onEvent` for each event of `types`
 * newer than `cursor` (the event id a server page read before its data, so nothing written between
 * rendering and connecting is missed).
 */
export function useLiveEvents<T = Record<string, unknown>>(
  channel: LiveChannel | null,
  cursor: number | null,
  types: readonly string[],
  onEvent: (message: LiveMessage<T>) => void,
): void {
  // The latest handler without resubscribing on every render.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const channelKey = channel === null ? "" : channel === "notifications" ? channel : `thread:${channel.thread}`;
  const typeKey = types.join(",");
  // Only the first cursor counts: later, the subscription's own position does.
  const firstCursor = useRef(cursor);

  useEffect(() => {
    if (channelKey === "") return;
    const entry: Subscription = {
      channel: channelKey === "notifications" ? "notifications" : { thread: Number(channelKey.slice("thread:".length)) },
      types: typeKey.split(","),
      seen: firstCursor.current,
      deliver: (message) => handler.current(message as LiveMessage<T>),
    };
    subscriptions.add(entry);
    queueSync();
    return () => {
      subscriptions.delete(entry);
      queueSync();
    };
  }, [channelKey, typeKey]);
}
