import "server-only";
import pg from "pg";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

// One dedicated PostgreSQL connection doing LISTEN on a channel, reconnected with backoff when it
// drops (lib/live/pg-listener.ts, lib/db/token-drop-channel.ts). NOTIFYs sent while it is down are
// lost: each caller says in onLost / onOpen what that means for it.
const MAX_BACKOFF_MS = 10_000;
const FIRST_BACKOFF_MS = 250;

export interface ChannelListener {
  channel: string;
  applicationName: string;
  /** Logged when the connection drops, with the error and the retry delay. */
  lostMessage: string;
  onNotification: (payload: string) => void;
  /** LISTEN is in place (after every reconnect too); `client` may run a statement of its own. */
  onOpen?: (client: pg.Client) => Promise<void> | void;
  /** The connection is gone (or stopped): NOTIFYs may be missed until the next onOpen. */
  onLost?: () => void;
}

/** Listens until stopped, on DATABASE_DIRECT_URL (a pooler in transaction mode cannot LISTEN) or DATABASE_URL. */
export function listenOnChannel(listener: ChannelListener): { stop: () => Promise<void> } {
  const env = getEnv();
  const url = env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!;
  let client: pg.Client | null = null;
  let stopped = false;
  let backoff = FIRST_BACKOFF_MS;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: listener.applicationName });
    const retry = (error: unknown) => {
      if (stopped || client !== next) return;
      client = null;
      listener.onLost?.();
      logger.warn({ err: error, retryInMs: backoff }, listener.lostMessage);
      next.end().catch(() => undefined);
      setTimeout(() => void connect(), backoff).unref();
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    client = next;
    next.on("error", retry);
    next.on("end", () => retry(new Error("connection ended")));
    next.on("notification", (message) => {
      if (message.channel === listener.channel && message.payload) listener.onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${listener.channel}`);
      if (stopped || client !== next) {
        await next.end().catch(() => undefined);
        return;
      }
      backoff = FIRST_BACKOFF_MS;
      await listener.onOpen?.(next);
    } catch (error) {
      retry(error);
    }
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      const current = client;
      client = null;
      listener.onLost?.();
      await current?.end().catch(() => undefined);
    },
  };
}
