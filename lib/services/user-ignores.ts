import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { inTransaction } from "@/lib/db/engine/transaction";
import { countIgnored, deleteIgnore, insertIgnore, isIgnoring, lockIgnoreList } from "@/lib/db/user-ignores";
import { userExists } from "@/lib/db/users";
import { Invalid, NotFound } from "@/lib/errors";

/** At most this many people ignored per person (contract section 17: the next is a 400). */
export const MAX_IGNORED_USERS = 500;

export interface IgnoreState {
  userId: number;
  ignored: boolean;
}

/** Whether the actor ignores this person (the profile page's Ignore / Unignore). */
export function isUserIgnored(actor: SignedIn, userId: number): Promise<boolean> {
  return isIgnoring(undefined, actor.id, userId);
}

/**
 * Contract section 17: ignore someone (or stop). Idempotent; the ignored person is never told
 * (no notification, nothing they can read changes).
 */
export async function setUserIgnored(actor: SignedIn, userId: number, ignored: boolean): Promise<IgnoreState> {
  if (userId === actor.id) throw new Invalid("user_id", "you cannot ignore yourself");
  await inTransaction(async (tx) => {
    if (!(await userExists(tx, userId))) throw new NotFound("user");
    if (!ignored) {
      await deleteIgnore(tx, actor.id, userId);
      return;
    }
    await lockIgnoreList(tx, actor.id);
    if (await isIgnoring(tx, actor.id, userId)) return;
    if ((await countIgnored(tx, actor.id)) >= MAX_IGNORED_USERS) {
      throw new Invalid("user_id", `you can ignore at most ${MAX_IGNORED_USERS} people`);
    }
    await insertIgnore(tx, actor.id, userId);
  });
  return { userId, ignored };
}
