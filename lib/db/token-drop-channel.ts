import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { listenOnChannel } from "@/lib/db/listen-channel";

// The PostgreSQL way for instances without Redis to tell each other that a kept token check must
// go (lib/auth/token-checks.ts): NOTIFY on one channel, and one dedicated connection per process
// doing LISTEN on it. A process that is not listening must not keep checks, so the listener says
// when it starts and stops hearing: anything said while it was deaf is lost, not replayed.
const CHANNEL = "agora_token_drops";

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
  return listenOnChannel({
    channel: CHANNEL,
    applicationName: "agora-token-drops",
    lostMessage: "token-drop listener lost its connection; tokens are checked on every request until it is back",
    onNotification: listener.onMessage,
    onOpen: listener.onOpen,
    onLost: listener.onLost,
  });
}
