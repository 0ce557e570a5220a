import "server-only";
import pg from "pg";
import { readEventsAfter, readEventsByIds, type LiveEvent } from "@/lib/db/live-events";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { activeTopics, fanOut, hasSubscribers, type LiveSource } from "@/lib/live/hub";

// PostgreSQL's source: one dedicated connection per process doing LISTEN agora_live. Every
// instance on the database hears every commit's NOTIFY (payload "<id> <topic>"); events of topics
// with a stream open here are read from the log by id, in batches, and handed out in id order.
// After a dropped connection it reconnects with backoff and reads what it missed from the log,
// from the last id it heard.
const CHANNEL = "agora_live";
const MAX_BACKOFF_MS = 10_000;
const CATCH_UP_BATCH = 500;

export function startPgListener(): LiveSource {
  const env = getEnv();
  const url = env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!;
  let client: pg.Client | null = null;
  let stopped = false;
  let lastSeen: number | null = null;
  let backoff = 250;
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

  const onNotification = (message: pg.Notification) => {
    const [rawId, topic] = (message.payload ?? "").split(" ", 2);
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

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: "agora-live" });
    const retry = (error: unknown) => {
      if (stopped || client !== next) return;
      client = null;
      logger.warn({ err: error, retryInMs: backoff }, "live-event listener lost its connection; reconnecting");
      next.end().catch(() => undefined);
      setTimeout(() => void connect(), backoff).unref();
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    client = next;
    next.on("error", retry);
    next.on("end", () => retry(new Error("connection ended")));
    next.on("notification", onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped) {
        await next.end();
        return;
      }
      backoff = 250;
      const { rows } = await next.query<{ id: string | null }>("SELECT max(id) AS id FROM live_events");
      const newest = Number(rows[0]?.id ?? 0);
      // First connection: start at the log's end. After a reconnect: what was committed while deaf.
      if (lastSeen === null) lastSeen = newest;
      else {
        const from = lastSeen;
        enqueue(() => catchUp(from));
      }
    } catch (error) {
      retry(error);
    }
  };

  void connect();
  return {
    onSubscribe() {
      // LISTEN runs from the start; a stream's own replay covers what came before it subscribed.
    },
    async stop() {
      stopped = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
