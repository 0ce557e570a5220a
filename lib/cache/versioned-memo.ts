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

export function createVersionedMemo<V extends object>(options: { max: number; ttlMs: number }): VersionedMemo<V> {
  const entries = new LRUCache<string, { version: string; value: V }>({ max: options.max, ttl: options.ttlMs });
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
