import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { setSubscription } from "@/lib/db/subscriptions";
import { findThreadRoute } from "@/lib/db/threads";
import { NotFound } from "@/lib/errors";

/**
 * Contract section 13: follow a thread (its new posts notify you) or stop following it. A removed
 * thread is not found, for moderators too: nothing is posted there any more. Anyone signed in may
 * follow a live thread; a person banned in its group simply gets no notifications from it.
 */
export async function setThreadSubscription(actor: SignedIn, threadId: number, subscribed: boolean): Promise<boolean> {
  const thread = await findThreadRoute(threadId);
  if (!thread || thread.deleted || thread.firstPostId === null) throw new NotFound("thread");
  return setSubscription(actor.id, threadId, subscribed);
}
