import "server-only";
import pg from "pg";
import { getPool } from "@/lib/db/engine/client";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

// The PostgreSQL way for instances without Redis to tell each other that a kept token check must
// go (lib/auth/token-checks.ts): NOTIFY on one channel, and one dedicated connection per process
// doing LISTEN on it. A process that is not listening must not keep checks, so the listener says
// when it starts and stops hearing: anything said while it was deaf is lost, not replayed.
const CHANNEL = "agora_token_drops";
const MAX_BACKOFF_MS = 10_000;

/** Tells every listening instance (this one too); a statement on the primary. */
export async function notifyTokenDrop(message: string): Promise<void> {
  const pool = await getPool();
  await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, message]);
}

export interface TokenDropListener {
  onMessage: (message: string) => void;
  /** LISTEN is in place: from now on every NOTIFY reaches onMessage. */
  onOpen: () => void;
  /** The connection is gone: NOTIFYs may be missed until the next onOpen. */
  onLost: () => void;
}

/** Listens until stopped, reconnecting with backoff. */
export function listenForTokenDrops(listener: TokenDropListener): { stop: () => Promise<void> } {
  const env = getEnv();
  const url = env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!;
  let client: pg.Client | null = null;
  let stopped = false;
  let backoff = 250;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: "agora-token-drops" });
    const retry = (error: unknown) => {
      if (stopped || client !== next) return;
      client = null;
      listener.onLost();
      logger.warn({ err: error, retryInMs: backoff }, "token-drop listener lost its connection; tokens are checked on every request until it is back");
      next.end().catch(() => undefined);
      setTimeout(() => void connect(), backoff).unref();
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    client = next;
    next.on("error", retry);
    next.on("end", () => retry(new Error("connection ended")));
    next.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) listener.onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped || client !== next) {
        await next.end().catch(() => undefined);
        return;
      }
      backoff = 250;
      listener.onOpen();
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
      listener.onLost();
      await current?.end().catch(() => undefined);
    },
  };
}
