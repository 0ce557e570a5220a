import "server-only";
import type { LiveEvent } from "@/lib/db/live-events";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { startEmbeddedPoller } from "@/lib/live/embedded-poller";
import { startPgListener } from "@/lib/live/pg-listener";
import { resource, stopResource } from "@/lib/runtime/registry";

// The process's one registry of open streams by topic, and the one source that feeds it (LISTEN
// on PostgreSQL, a poll of the log on the embedded database). Next bundles instrumentation and
// route handlers as separate module instances, so the state is a process resource
// (lib/runtime/registry.ts): whichever instance starts the source, every instance's streams are in
// the same map.

/** An open stream of this process, as the hub sees it. */
export interface Subscriber {
  topic: string;
  /** The last event id the stream has already covered when it subscribed (Last-Event-ID or the log's newest). */
  since: number;
  deliver: (event: LiveEvent) => void;
  /** Ends the stream (shutdown). */
  close: () => void;
}

/** What feeds the hub: told when streams come, stopped at shutdown. */
export interface LiveSource {
  onSubscribe: (since: number) => void;
  stop: () => Promise<void>;
}

interface HubState {
  topics: Map<string, Set<Subscriber>>;
  source: LiveSource | null;
}

const HUB = "live.hub";

function state(): HubState {
  return resource(HUB, (): HubState => ({ topics: new Map(), source: null }), { stop: closeHub });
}

function ensureSource(): LiveSource {
  const hub = state();
  hub.source ??= getEnv().DATABASE_URL === undefined ? startEmbeddedPoller() : startPgListener();
  return hub.source;
}

/** Once per process (instrumentation.ts): on PostgreSQL, LISTEN from the start so nothing is missed before the first stream. */
export function startLiveListener(): void {
  ensureSource();
}

export function countSubscribers(): number {
  let count = 0;
  for (const set of state().topics.values()) count += set.size;
  return count;
}

export function hasSubscribers(topic: string): boolean {
  return (state().topics.get(topic)?.size ?? 0) > 0;
}

export function activeTopics(): string[] {
  return [...state().topics.keys()];
}

/** Registers a stream; the answer unregisters it (call it when the stream ends, however it ends). */
export function subscribe(subscriber: Subscriber): () => void {
  const { topics } = state();
  const set = topics.get(subscriber.topic) ?? new Set<Subscriber>();
  set.add(subscriber);
  topics.set(subscriber.topic, set);
  ensureSource().onSubscribe(subscriber.since);
  return () => {
    set.delete(subscriber);
    if (set.size === 0 && topics.get(subscriber.topic) === set) topics.delete(subscriber.topic);
  };
}

/** Hands events (oldest first) to the streams of their topics; a stream that throws is closed, the others go on. */
export function fanOut(events: readonly LiveEvent[]): void {
  const { topics } = state();
  for (const event of events) {
    for (const subscriber of topics.get(event.topic) ?? []) {
      try {
        subscriber.deliver(event);
      } catch (error) {
        logger.warn({ err: error, topic: event.topic }, "live stream failed; closing it");
        subscriber.close();
      }
    }
  }
}

/** SIGTERM (lib/shutdown.ts): end every open stream, so the server's drain is not held by them, and stop the source. */
export function stopLive(): Promise<void> {
  return stopResource(HUB);
}

async function closeHub(hub: HubState): Promise<void> {
  for (const set of hub.topics.values()) for (const subscriber of [...set]) subscriber.close();
  hub.topics.clear();
  const source = hub.source;
  hub.source = null;
  await source?.stop();
}
