import "server-only";
import { createHash } from "node:crypto";
import { getRedis, redisKeyPrefix } from "@/lib/redis";

// The shared tier of a versioned cache: values in Redis for the other instances (contract section
// 16). A write moves the data's read version, and without sharing every instance would then build
// the same value for itself: with N instances, N times the work per write. The first instance to
// build it stores it with its version; the others take it only when that is the version they have
// just read themselves, so sharing never shows more than a local value would. Redis down or not
// yet connected never holds a read: the tier is skipped and the value built here (a Redis that
// answers slowly holds one at most the client's command timeout, lib/redis.ts).

/** How a cache's values travel through Redis: a small JSON head, then a text body as it is (no second parse of the body). */
export interface SharedCodec<V> {
  /** Keys are `<AGORA_REDIS_PREFIX>:<space>:<sha1 of the cache key>`. */
  space: string;
  encode(value: V): { head: unknown[]; body: string };
  /** null: not a value of this cache (the cache then builds its own). */
  decode(head: unknown[], body: string): V | null;
}

/** A shared value and when it was built: it lives no longer on another instance than where it was built. */
export interface SharedValue<V> {
  value: V;
  builtAt: number;
}

function sharedKey(space: string, key: string): string {
  return `${redisKeyPrefix()}:${space}:${createHash("sha1").update(key).digest("base64url")}`;
}

/** The first line is `[version, ...head, built at]` as JSON, the rest the body. */
function encode<V>(codec: SharedCodec<V>, version: string, value: V): string {
  const { head, body } = codec.encode(value);
  return `${JSON.stringify([version, ...head, Date.now()])}\n${body}`;
}

function decode<V>(codec: SharedCodec<V>, stored: string, version: string): SharedValue<V> | null {
  const newline = stored.indexOf("\n");
  if (newline < 0) return null;
  const head: unknown = JSON.parse(stored.slice(0, newline));
  if (!Array.isArray(head) || head.length < 2 || head[0] !== version) return null;
  const builtAt: unknown = head[head.length - 1];
  if (typeof builtAt !== "number") return null;
  const value = codec.decode(head.slice(1, -1), stored.slice(newline + 1));
  return value === null ? null : { value, builtAt };
}

function readyRedis() {
  const client = getRedis();
  return client && client.status === "ready" ? client : null;
}

/** Another instance's value for `key` built under `version`, else null (none, another version, Redis not ready or failing). */
export async function findShared<V>(codec: SharedCodec<V>, key: string, version: string): Promise<SharedValue<V> | null> {
  const client = readyRedis();
  if (!client) return null;
  try {
    const stored = await client.get(sharedKey(codec.space, key));
    return stored === null ? null : decode(codec, stored, version);
  } catch {
    return null;
  }
}

/** Offers the value to the other instances for `ttlMs`; never waits, and a Redis not ready or failing is left alone. */
export function share<V>(codec: SharedCodec<V>, key: string, version: string, value: V, ttlMs: number): void {
  readyRedis()
    ?.set(sharedKey(codec.space, key), encode(codec, version, value), "PX", ttlMs)
    .catch(() => undefined);
}
