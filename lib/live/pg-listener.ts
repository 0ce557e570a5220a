import "server-only";
import type pg from "pg";
import { listenOnChannel } from "@/lib/db/listen-channel";
import { readEventsAfter, readEventsByIds, type LiveEvent } from "@/lib/db/live-events";
import { logger } from "@/lib/log";
import { activeTopics, fanOut, hasSubscribers, type LiveSource } from "@/lib/live/hub";

// PostgreSQL's source: one dedicated connection per process doing LISTEN agora_live. Every
// instance on the database hears every commit's NOTIFY (payload "<id> <topic>"); events of topics
// with a stream open here are read from the log by id, in batches, and handed out in id order.
// After a dropped connection it reconnects with backoff and reads what it missed from the log,
// from the last id it heard.
const CHANNEL = "agora_live";
const CATCH_UP_BATCH = 500;

export function startPgListener(): LiveSource {
  let lastSeen: number | null = null;
  let pending = new Set<number>();
  // Reads run one after another, so events reach streams in the order they were heard.
  let chain: Promise<void> = Promise.resolve();

  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => logger.warn({ err: error }, "live events could not be read"));
  };

  const flush = async () => {
    const ids = [...pending];
    pending = new Set();
    if (ids.length > 0) fanOut(await readEventsByIds(ids));
  };

  const onNotification = (payload: string) => {
    const [rawId, topic] = payload.split(" ", 2);
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || !topic) return;
    lastSeen = Math.max(lastSeen ?? 0, id);
    if (!hasSubscribers(topic)) return;
    const first = pending.size === 0;
    pending.add(id);
    // One read for every notification that arrived in the same tick.
    if (first) setImmediate(() => enqueue(flush));
  };

  const catchUp = async (after: number) => {
    const topics = activeTopics();
    let cursor = after;
    for (;;) {
      const events: LiveEvent[] = topics.length > 0 ? await readEventsAfter(cursor, CATCH_UP_BATCH, topics) : [];
      if (events.length === 0) break;
      cursor = events[events.length - 1]!.id;
      lastSeen = Math.max(lastSeen ?? 0, cursor);
      fanOut(events);
      if (events.length < CATCH_UP_BATCH) break;
    }
  };

  // First connection: start at the log's end. After a reconnect: what was committed while deaf.
  const onOpen = async (client: pg.Client) => {
    const { rows } = await client.query<{ id: string | null }>("SELECT max(id) AS id FROM live_events");
    const newest = Number(rows[0]?.id ?? 0);
    if (lastSeen === null) lastSeen = newest;
    else {
      const from = lastSeen;
      enqueue(() => catchUp(from));
    }
  };

  const listening = listenOnChannel({
    channel: CHANNEL,
    applicationName: "agora-live",
    lostMessage: "live-event listener lost its connection; reconnecting",
    onNotification,
    onOpen,
  });
  return {
    onSubscribe() {
      // LISTEN runs from the start; a stream's own replay covers what came before it subscribed.
    },
    stop: () => listening.stop(),
  };
}
