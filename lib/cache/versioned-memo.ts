import "server-only";
import { LRUCache } from "lru-cache";

/**
 * Values kept with the read version they were built from (lib/db/read-versions.ts): one is found
 * only while the caller's freshly read version is the same, so a write shows on the next read.
 * The lifetime bounds what no version tracks (presence, the hot-threads ranking).
 */
export interface VersionedMemo<V extends object> {
  find(key: string, version: string): V | null;
  keep(key: string, version: string, value: V): void;
}

export interface VersionedMemoOptions<V> {
  max: number;
  ttlMs: number;
  /** With sizeOf: the total the kept values may weigh; the least recently used go first, and a value heavier than it all is not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

export function createVersionedMemo<V extends object>(options: VersionedMemoOptions<V>): VersionedMemo<V> {
  const { maxBytes, sizeOf } = options;
  const entries = new LRUCache<string, { version: string; value: V }>({
    max: options.max,
    ttl: options.ttlMs,
    ...(maxBytes !== undefined && sizeOf ? { maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) } : {}),
  });
  return {
    find(key, version) {
      const entry = entries.get(key);
      return entry && entry.version === version ? entry.value : null;
    },
    keep(key, version, value) {
      entries.set(key, { version, value });
    },
  };
}
