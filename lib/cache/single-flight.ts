/**
 * One run of a piece of work per key at a time: a caller that asks while it runs joins that run
 * and shares its result (or its error). Once it settles the key is free, so the next caller runs
 * the work again: this coalesces, it does not cache.
 */
export type SingleFlight<T> = (key: string, work: () => Promise<T>) => { result: Promise<T>; joined: boolean };

export function createSingleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    const current = running.get(key);
    if (current) return { result: current, joined: true };
    const result = work().finally(() => running.delete(key));
    running.set(key, result);
    return { result, joined: false };
  };
}
