import "server-only";
import { getDb } from "@/lib/db/engine/client";
import { resource } from "@/lib/runtime/registry";

// Members seen within this window count as online.
export const ONLINE_WINDOW_MS = 5 * 60_000;

export function isOnline(lastSeenAt: Date | null | undefined, now = Date.now()): boolean {
  return lastSeenAt != null && now - lastSeenAt.getTime() < ONLINE_WINDOW_MS;
}

// Recording every request would turn reads into writes, so one write a minute per user is enough.
const TOUCH_INTERVAL_MS = 60_000;

export async function touchLastSeen(userId: number): Promise<void> {
  const touched = resource("db.last-touch", () => new Map<number, number>());
  const now = Date.now();
  if (now - (touched.get(userId) ?? 0) < TOUCH_INTERVAL_MS) return;
  touched.set(userId, now);
  if (touched.size > 50_000) touched.clear();
  const db = await getDb();
  // Raw SQL: an ORM update would also move updated_at, which belongs to profile edits. A person
  // who hides their online status (settings.hide_online, contract section 17) is never seen.
  await db.$executeRaw`UPDATE users SET last_seen_at = now() WHERE id = ${userId} AND (settings->>'hide_online') IS DISTINCT FROM '1'`;
}
