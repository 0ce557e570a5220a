import "server-only";

// The process's long-lived resources (pools, clients, listeners, pollers, caches, limiters) by
// name, created on first use and stopped in one place. Next bundles proxy.ts, instrumentation.ts
// and the route handlers separately (and reloads modules in development), so module state is not
// shared between them: the registry is the one slot on globalThis, and every bundle that asks
// for a resource by name gets the same one.

/** Ends a resource: closes its connections, clears its timers, ends its streams. */
export type StopResource<T> = (value: T) => void | Promise<void>;

export interface ResourceOptions<T> {
  stop?: StopResource<T>;
}

interface Entry {
  /** What `create` returned (a promise stays one: callers always get what they got the first time). */
  value: unknown;
  /** What `stop` is given: the value, or what its promise resolved to. */
  ready: unknown;
  /** While a promised value is being made: it settles once the entry is ready (or gone). */
  pending: Promise<void> | null;
  /** Places the entry in the stop order once it is ready: the newest stops first. */
  readyAt: number;
  stop: StopResource<unknown> | undefined;
}

interface Runtime {
  entries: Map<string, Entry>;
  sequence: number;
}

const slot = globalThis as unknown as { agoraRuntime?: Runtime };

function runtime(): Runtime {
  slot.agoraRuntime ??= { entries: new Map(), sequence: 0 };
  return slot.agoraRuntime;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * The resource called `name`, made by `create` the first time any bundle asks. A promised value
 * is ready when it resolves; one that rejects is forgotten, so the next caller tries again.
 */
export function resource<T>(name: string, create: () => T, options: ResourceOptions<Awaited<T>> = {}): T {
  const { entries } = runtime();
  const existing = entries.get(name);
  if (existing) return existing.value as T;
  const value = create();
  const entry: Entry = { value, ready: value, pending: null, readyAt: 0, stop: options.stop as StopResource<unknown> | undefined };
  entries.set(name, entry);
  if (!isPromise(value)) {
    entry.readyAt = ++runtime().sequence;
    return value;
  }
  entry.pending = value.then(
    (resolved) => {
      entry.ready = resolved;
      entry.pending = null;
      entry.readyAt = ++runtime().sequence;
    },
    () => {
      if (entries.get(name) === entry) entries.delete(name);
    },
  );
  return value;
}

/** The resource if some bundle has made it (a promised one as its promise), else undefined: nothing is created. */
export function findResource<T>(name: string): T | undefined {
  return runtime().entries.get(name)?.value as T | undefined;
}

async function stopEntry(entry: Entry): Promise<void> {
  if (entry.pending) {
    await entry.pending;
    // It rejected: nothing was made, nothing to stop.
    if (entry.readyAt === 0) return;
  }
  await entry.stop?.(entry.ready);
}

/** Forgets the resource and stops it (after it is ready, if it is being made); the next caller makes a new one. */
export async function stopResource(name: string): Promise<void> {
  const { entries } = runtime();
  const entry = entries.get(name);
  if (!entry) return;
  entries.delete(name);
  await stopEntry(entry);
}

/**
 * Stops every resource, the most recently ready first, so a resource stops before what it was
 * built on (the database client before the embedded server it connects to). Resources still
 * being made are waited for first. Every stop runs even when one fails; the first failure is
 * thrown at the end.
 */
export async function stopAll(): Promise<void> {
  const { entries } = runtime();
  let failure: { error: unknown } | null = null;
  for (;;) {
    const pending = [...entries.values()].flatMap((entry) => (entry.pending ? [entry.pending] : []));
    if (pending.length > 0) {
      await Promise.all(pending);
      continue;
    }
    let newest: [string, Entry] | null = null;
    for (const named of entries) if (!newest || named[1].readyAt > newest[1].readyAt) newest = named;
    if (!newest) break;
    entries.delete(newest[0]);
    try {
      await stopEntry(newest[1]);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
