import "server-only";
import { LRUCache } from "lru-cache";

/**
 * The local tier of a versioned cache (lib/cache/versioned-cache.ts): values kept with the read
 * version they were built from (lib/db/read-versions.ts), found only while the caller's freshly
 * read version is the same, so a write shows on the next read.
 */
export interface VersionedMemo<V extends object> {
  find(key: string, version: string): V | null;
  /** The value kept under `key` whatever its version, with that version: a guess at what `find` will answer, never an answer. */
  peek(key: string): { version: string; value: V } | null;
  /** `ttlMs`: a shorter life than the memo's (a value built elsewhere lives no longer than where it was built). */
  keep(key: string, version: string, value: V, ttlMs?: number): void;
}

export interface VersionedMemoOptions<V> {
  /** How many values at most; without it only maxBytes bounds them. */
  max?: number;
  ttlMs: number;
  /** With sizeOf: the total the kept values may weigh; the least recently used go first, and a value heavier than it all is not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

export function createVersionedMemo<V extends object>(options: VersionedMemoOptions<V>): VersionedMemo<V> {
  const { maxBytes, sizeOf } = options;
  const weighed = maxBytes !== undefined && sizeOf !== undefined;
  if (options.max === undefined && !weighed) throw new Error("a versioned memo needs max, or maxBytes with sizeOf");
  const entries = new LRUCache<string, { version: string; value: V }>({
    // 0: no bound on the count, the weight bounds it.
    max: options.max ?? 0,
    ttl: options.ttlMs,
    ...(weighed ? { maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) } : {}),
  });
  return {
    find(key, version) {
      const entry = entries.get(key);
      return entry && entry.version === version ? entry.value : null;
    },
    peek(key) {
      return entries.get(key) ?? null;
    },
    keep(key, version, value, ttlMs) {
      entries.set(key, { version, value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
    },
  };
}
