import "server-only";
import { findShared, share, type SharedCodec } from "@/lib/cache/shared-tier";
import { createSingleFlight, type SingleFlight } from "@/lib/cache/single-flight";
import { createVersionedMemo, type VersionedMemo } from "@/lib/cache/versioned-memo";
import { resource } from "@/lib/runtime/registry";

// The one cache rule: a value is kept with the read version it was built from
// (lib/db/read-versions.ts; the caller reads the version before the data, so a value is never kept
// under a version newer than its data) and answered again only while the version the caller has
// just read is the same, so a write shows on the next read on every instance. The lifetime bounds
// what no version tracks (presence, the hot-threads ranking, relative times).

export interface VersionedCacheOptions<V> {
  /** Its name in the runtime registry (lib/runtime/registry.ts): one store per process, whichever bundle asks. */
  name: string;
  /** How many values at most; without it only maxBytes bounds them. */
  max?: number;
  /**
   * With sizeOf: the total the kept values may weigh (the least recently used go first; a value
   * heavier than it all is not kept). 0 turns the cache off: every read builds. A function is
   * called once, at first use (a setting from the environment).
   */
  maxBytes?: number | (() => number);
  sizeOf?: (value: V) => number;
  ttlMs: number;
  /** Only the values this accepts are kept and shared (default: all). */
  keeps?: (value: V) => boolean;
  /** The tier in Redis shared by the instances (lib/cache/shared-tier.ts), with how its values travel. */
  shared?: SharedCodec<V>;
}

/** Where getOrBuild's value came from: kept here, another instance's, built by this call, or built by another caller's. */
export type CacheSource = "kept" | "shared" | "built" | "joined";

export interface VersionedCache<V extends object> {
  /** False when given no room (maxBytes 0): nothing is kept, getOrBuild only builds. */
  readonly enabled: boolean;
  find(key: string, version: string): V | null;
  /**
   * The value kept here under `key` whatever its version, with that version: for a caller that
   * reads the version in the same statement as something that depends on the value (the reader's
   * likes on a kept page); it then uses the value only if that version is the one it read.
   */
  peek(key: string): { version: string; value: V } | null;
  keep(key: string, version: string, value: V): void;
  /**
   * The value for this version: kept here, else the one another instance shared, else built once
   * for every caller asking for the same key and version while it is built, then kept and shared.
   */
  getOrBuild(key: string, version: string, build: () => Promise<V>): Promise<V>;
  /** getOrBuild, saying where the value came from. */
  lookup(key: string, version: string, build: () => Promise<V>): Promise<{ value: V; source: CacheSource }>;
}

interface Found<V> {
  value: V;
  source: CacheSource;
}

interface Store<V extends object> {
  memo: VersionedMemo<V>;
  builds: SingleFlight<Found<V>>;
}

export function createVersionedCache<V extends object>(options: VersionedCacheOptions<V>): VersionedCache<V> {
  const { ttlMs, keeps, shared } = options;
  const store = (): Store<V> | null =>
    resource(`cache:${options.name}`, () => {
      const maxBytes = typeof options.maxBytes === "function" ? options.maxBytes() : options.maxBytes;
      if (maxBytes === 0) return null;
      const memo = createVersionedMemo<V>({ max: options.max, ttlMs, maxBytes, sizeOf: options.sizeOf });
      return { memo, builds: createSingleFlight<Found<V>>() };
    });

  async function fill(memo: VersionedMemo<V>, key: string, version: string, build: () => Promise<V>): Promise<Found<V>> {
    if (shared) {
      const found = await findShared(shared, key, version);
      const ttl = found ? ttlMs - (Date.now() - found.builtAt) : 0;
      if (found && ttl > 0) {
        memo.keep(key, version, found.value, ttl);
        return { value: found.value, source: "shared" };
      }
    }
    const value = await build();
    if (!keeps || keeps(value)) {
      memo.keep(key, version, value);
      if (shared) share(shared, key, version, value, ttlMs);
    }
    return { value, source: "built" };
  }

  async function lookup(key: string, version: string, build: () => Promise<V>): Promise<Found<V>> {
    const current = store();
    if (!current) return { value: await build(), source: "built" };
    const kept = current.memo.find(key, version);
    if (kept) return { value: kept, source: "kept" };
    const { result, joined } = current.builds(`${version} ${key}`, () => fill(current.memo, key, version, build));
    const found = await result;
    return joined ? { value: found.value, source: "joined" } : found;
  }

  return {
    get enabled() {
      return store() !== null;
    },
    find: (key, version) => store()?.memo.find(key, version) ?? null,
    peek: (key) => store()?.memo.peek(key) ?? null,
    keep(key, version, value) {
      if (!keeps || keeps(value)) store()?.memo.keep(key, version, value);
    },
    getOrBuild: async (key, version, build) => (await lookup(key, version, build)).value,
    lookup,
  };
}
