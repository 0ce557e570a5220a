import "server-only";
import { getDb } from "@/lib/db/engine/client";

/** Follows or stops following a thread; either is idempotent (one statement). Answers the new state. */
export async function setSubscription(userId: number, threadId: number, subscribed: boolean): Promise<boolean> {
  const db = await getDb();
  if (subscribed) await db.subscription.createMany({ data: [{ userId, threadId }], skipDuplicates: true });
  else await db.subscription.deleteMany({ where: { userId, threadId } });
  return subscribed;
}
