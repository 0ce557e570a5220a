import "server-only";
import { readEventsAfter } from "@/lib/db/live-events";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { countSubscribers, fanOut, type LiveSource } from "@/lib/live/hub";

// The embedded database's source: a poll of the log by id, in this process, only while streams
// are open. Why not PGlite's own listen(): the writes do not all run through this process's
// PGlite object (the app's pool, seed and scripts reach it over the loopback wire server, which
// relays raw protocol bytes and does not hand NOTIFY messages to PGlite's listeners), and a
// process that did not open the data directory has no PGlite object at all. The poll works in
// every case, costs one primary-key range scan per interval, and is in order: the embedded
// database runs one session, so transactions commit one after another in id order and an id
// cursor skips nothing.
const BATCH = 500;

export function startEmbeddedPoller(): LiveSource {
  let cursor: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const tick = async () => {
    if (running || cursor === null) return;
    running = true;
    try {
      if (countSubscribers() === 0) {
        // Idle: stop polling; the next stream starts it again from its own position.
        clearInterval(timer!);
        timer = null;
        cursor = null;
        return;
      }
      for (;;) {
        const events = await readEventsAfter(cursor, BATCH);
        if (events.length === 0) break;
        cursor = events[events.length - 1]!.id;
        fanOut(events);
        if (events.length < BATCH) break;
      }
    } catch (error) {
      logger.warn({ err: error }, "live-event poll failed; retrying");
    } finally {
      running = false;
    }
  };

  return {
    onSubscribe(since) {
      // A stream replays the log after `since` itself once subscribed, which covers everything
      // the poll has already handed out: the poll never goes back, it only starts somewhere.
      cursor ??= since;
      timer ??= setInterval(() => void tick(), getEnv().AGORA_LIVE_POLL_MS).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      cursor = null;
    },
  };
}
