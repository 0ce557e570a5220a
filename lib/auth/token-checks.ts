import "server-only";
import type Redis from "ioredis";
import { LRUCache } from "lru-cache";
import { findAuthTokenHolder } from "@/lib/db/auth-tokens";
import { listenForTokenDrops, notifyTokenDrop } from "@/lib/db/token-drop-channel";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { getRedis, redisKeyPrefix, whenReady } from "@/lib/redis";
import { resource } from "@/lib/runtime/registry";

// A user token's check (not revoked, whose it is, the name, photo, theme and sensitive-content choice a session shows) is one
// statement, and every signed-in API request and page asked it. It is kept per token id for
// AGORA_TOKEN_RECHECK_SECONDS, and dropped at once on every instance when it stops being true:
// logout drops the token, a profile change (later: suspension) drops every token of the user.
// Drops travel through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY; the
// embedded database serves one instance, which drops its own. A process keeps checks only while
// it hears drops: while its channel is down every request is checked, and what it kept before is
// forgotten (drops said meanwhile are lost). Group roles and bans are never part of this check:
// every request reads them with its data (lib/db/roles.ts).

/** The user behind a valid token, as kept. */
export interface TokenHolder {
  userId: number;
  username: string;
  photoUrl: string;
  darkMode: number;
}

interface TokenChecks {
  kept: LRUCache<string, TokenHolder>;
  /** Drops from other instances reach this process now. */
  hearing: boolean;
  /**
   * Moves on every drop and whenever hearing starts or stops: a check read from the database is
   * kept only if nothing moved it while the statement ran (a drop that came before the value
   * was kept would otherwise find nothing to drop).
   */
  generation: number;
  stopChannel: () => Promise<void>;
}

type Drop = { tokenId: string } | { userId: number };

function encodeDrop(drop: Drop): string {
  return "tokenId" in drop ? `t ${drop.tokenId}` : `u ${drop.userId}`;
}

function decodeDrop(message: string): Drop | null {
  const [kind, value] = message.split(" ", 2);
  if (kind === "t" && value) return { tokenId: value };
  const userId = Number(value);
  if (kind === "u" && Number.isSafeInteger(userId)) return { userId };
  return null;
}

function applyDrop(checks: TokenChecks, drop: Drop): void {
  checks.generation += 1;
  if ("tokenId" in drop) {
    checks.kept.delete(drop.tokenId);
    return;
  }
  const theirs = [...checks.kept.entries()].filter(([, holder]) => holder.userId === drop.userId);
  for (const [tokenId] of theirs) checks.kept.delete(tokenId);
}

function setHearing(checks: TokenChecks, hearing: boolean): void {
  checks.generation += 1;
  checks.kept.clear();
  checks.hearing = hearing;
}

function redisChannel(): string {
  return `${redisKeyPrefix()}:token-drops`;
}

/** A subscriber connection of its own (a subscribed connection sends nothing else). */
function subscribeThroughRedis(client: Redis, checks: TokenChecks): () => Promise<void> {
  const channel = redisChannel();
  const subscriber = client.duplicate({ autoResubscribe: false, lazyConnect: true });
  subscriber.on("message", (from: string, message: string) => {
    const drop = from === channel ? decodeDrop(message) : null;
    if (drop) applyDrop(checks, drop);
  });
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).then(
      () => setHearing(checks, true),
      (error: unknown) => {
        logger.warn({ err: error }, "token drops: subscribing failed; tokens are checked on every request");
        subscriber.disconnect(true);
      },
    );
  });
  subscriber.on("close", () => {
    if (checks.hearing) setHearing(checks, false);
  });
  // Reported by the main client's error handler; this one reconnects by itself.
  subscriber.on("error", () => undefined);
  subscriber.connect().catch(() => undefined);
  return async () => {
    setHearing(checks, false);
    subscriber.disconnect();
  };
}

function openChannel(checks: TokenChecks): () => Promise<void> {
  const redis = getRedis();
  if (redis) return subscribeThroughRedis(redis, checks);
  if (getEnv().DATABASE_URL !== undefined) {
    const listener = listenForTokenDrops({
      onMessage: (message) => {
        const drop = decodeDrop(message);
        if (drop) applyDrop(checks, drop);
      },
      onOpen: () => setHearing(checks, true),
      onLost: () => {
        if (checks.hearing) setHearing(checks, false);
      },
    });
    return listener.stop;
  }
  // The embedded database: one instance, and every drop is made here.
  checks.hearing = true;
  return async () => undefined;
}

/** The process's kept checks, or null when AGORA_TOKEN_RECHECK_SECONDS is 0. */
function tokenChecks(): TokenChecks | null {
  return resource(
    "auth.token-checks",
    (): TokenChecks | null => {
      const seconds = getEnv().AGORA_TOKEN_RECHECK_SECONDS;
      if (seconds === 0) return null;
      const checks: TokenChecks = {
        kept: new LRUCache<string, TokenHolder>({ max: 50_000, ttl: seconds * 1000 }),
        hearing: false,
        generation: 0,
        stopChannel: async () => undefined,
      };
      checks.stopChannel = openChannel(checks);
      return checks;
    },
    { stop: (checks) => checks?.stopChannel() },
  );
}

/** The user behind a token id (from a token whose signature and expiry were verified), or null when it was revoked or is not theirs. */
export async function checkTokenHolder(tokenId: string, userId: number): Promise<TokenHolder | null> {
  const checks = tokenChecks();
  const kept = checks?.hearing ? checks.kept.get(tokenId) : undefined;
  if (kept) return kept.userId === userId ? kept : null;
  const generation = checks?.generation;
  const found = await findAuthTokenHolder(tokenId);
  if (!found || found.revoked || found.userId !== userId) return null;
  const holder = { userId: found.userId, username: found.username, photoUrl: found.photoUrl, darkMode: found.darkMode };
  if (checks?.hearing && checks.generation === generation) checks.kept.set(tokenId, holder);
  return holder;
}

/** Sends a drop to the other instances: it is in each one's connection before this resolves. */
async function announce(drop: Drop): Promise<void> {
  const message = encodeDrop(drop);
  try {
    const redis = getRedis();
    if (redis) {
      // A script's client may still be connecting; the server's is ready.
      if (!(await whenReady(redis, 2_000))) throw new Error("redis is not ready");
      await redis.publish(redisChannel(), message);
    } else if (getEnv().DATABASE_URL !== undefined) await notifyTokenDrop(message);
  } catch (error) {
    // The instances that cannot hear Redis either are not keeping checks; those that can keep theirs until they lapse.
    logger.warn({ err: error, drop: message }, "token drop could not be sent to the other instances");
  }
}

async function drop(what: Drop): Promise<void> {
  const checks = tokenChecks();
  if (checks) applyDrop(checks, what);
  await announce(what);
}

/** After a token is revoked (logout): its kept check goes on every instance. */
export function forgetTokenCheck(tokenId: string): Promise<void> {
  return drop({ tokenId });
}

/** After what a user's tokens stand for changes (their name or photo; suspension): every kept check of theirs goes on every instance. */
export function forgetUserTokenChecks(userId: number): Promise<void> {
  return drop({ userId });
}
