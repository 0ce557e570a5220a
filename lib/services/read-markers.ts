import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { countNewPostsSinceRead } from "@/lib/db/thread-reads";

/**
 * "N new" for the threads of a list: only a signed-in reader has markers, and only on threads
 * they opened before (reading a thread page records it, lib/db/thread-page.ts). Guests cost nothing.
 */
export async function listNewPostCounts(actor: Actor, threadIds: readonly number[]): Promise<Map<number, number>> {
  if (!actor || threadIds.length === 0) return new Map();
  return countNewPostsSinceRead(actor.id, threadIds);
}
