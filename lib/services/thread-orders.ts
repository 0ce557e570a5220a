import "server-only";
import { createVersionedCache } from "@/lib/cache/versioned-cache";
import type { PageWindow } from "@/lib/db/pagination";
import { readGroupVersion } from "@/lib/db/read-versions";
import { listOrderedThreadIds, type ThreadOrder } from "@/lib/db/thread-lists";

// A deep page of a listing (page 1,000 of a group's threads) is an OFFSET over the order's index:
// every request walks the thousands of entries before it. Past DEEP_FROM_ROWS the whole order's
// ids are read once per group version (one walk of the same index) and kept for every reader, so a
// deep page is a slice, as cheap as the first. Shallow pages stay one OFFSET statement: a write to
// the group moves its version, and re-reading a whole order for page 2 would cost more than it saves.
export const DEEP_FROM_ROWS = 500;

interface KeptOrder {
  ids: Int32Array;
}

const orders = createVersionedCache<KeptOrder>({
  name: "thread-orders",
  max: 1_000,
  maxBytes: 32 * 1_048_576,
  sizeOf: (order) => order.ids.byteLength + 256,
  ttlMs: 30_000,
});

/** The ids of a deep page, from the kept order; null for a shallow page or a group that is gone (the caller reads it directly). */
export async function findDeepPageIds(order: ThreadOrder, window: PageWindow): Promise<number[] | null> {
  if (window.skip < DEEP_FROM_ROWS || !orders.enabled) return null;
  // The version is read before the ids: an order is never kept under a version newer than its rows.
  const version = await readGroupVersion({ id: order.groupId });
  if (version === null) return null;
  const key = `${order.groupId}:${order.categoryId}:${order.tagId ?? 0}:${order.sort}`;
  const kept = await orders.getOrBuild(key, version, async () => ({ ids: await listOrderedThreadIds(order) }));
  return Array.from(kept.ids.subarray(window.skip, window.skip + window.take));
}
