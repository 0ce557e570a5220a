import "server-only";
import Redis from "ioredis";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { resource } from "@/lib/runtime/registry";

/**
 * The process's one Redis client when REDIS_URL is set, else null. Commands never wait for a
 * connection (no offline queue): a caller finds Redis unavailable at once when it is down and
 * falls back (rate limits keep counting in memory), and the client keeps reconnecting on its own.
 */
export function getRedis(): Redis | null {
  return resource("redis", connectRedis, { stop: (client) => client?.disconnect() });
}

function connectRedis(): Redis | null {
  const url = getEnv().REDIS_URL;
  if (!url) return null;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    // Long enough that a busy event loop (the reply read late) is not taken for a Redis outage,
    // which would let budgets count in memory for a moment (one budget across instances would leak).
    commandTimeout: 1_500,
    maxRetriesPerRequest: 0,
    // Reconnect forever, at most every 2 seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let reported = false;
  client.on("error", (error: Error) => {
    // One line per outage, not one per reconnect attempt.
    if (!reported) logger.warn({ err: error }, "redis unavailable; rate limits count in memory until it is back");
    reported = true;
  });
  client.on("ready", () => {
    if (reported) logger.info("redis reconnected");
    reported = false;
  });
  client.connect().catch(() => {
    // Reported by the "error" handler; the client retries by itself.
  });
  return client;
}

/** The keys Agora writes start with this (AGORA_REDIS_PREFIX), so instances of several sites can share one Redis. */
export function redisKeyPrefix(): string {
  return getEnv().AGORA_REDIS_PREFIX;
}

/** Whether the client is (or within the timeout becomes) ready: just after start it may still be connecting. */
export function whenReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      resolve(false);
    }, timeoutMs);
    client.once("ready", onReady);
  });
}

/** For GET /api/health: "ok" when Redis answers a PING within the timeout, null when none is configured. */
export async function checkRedisHealth(timeoutMs: number): Promise<"ok" | "unavailable" | null> {
  const client = getRedis();
  if (!client) return null;
  // Known to be down (between reconnect attempts): say so at once, so health stays fast for load balancers.
  if (client.status === "reconnecting" || client.status === "close" || client.status === "end") return "unavailable";
  if (!(await whenReady(client, timeoutMs))) return "unavailable";
  // commandTimeout bounds the PING.
  return client.ping().then(
    (answer) => (answer === "PONG" ? "ok" : "unavailable"),
    () => "unavailable" as const,
  );
}
