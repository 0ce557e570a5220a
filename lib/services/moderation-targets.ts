import "server-only";
import { canReadThread, loadGroupRole, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { findPostInThread, lockPostRow, type PostInThread } from "@/lib/db/post-writes";
import { lockThreadRow, type LockedThread } from "@/lib/db/thread-writes";
import type { Tx } from "@/lib/db/engine/transaction";
import { NotFound } from "@/lib/errors";
import { assertGroupReadable } from "@/lib/services/group-access";

// The rows a moderation write acts on, locked for the rest of its transaction so that two
// moderators (or an author and a moderator) acting at once take turns instead of interleaving.

export type PostTarget = PostInThread & { role: GroupRole };

export interface ThreadTarget {
  thread: LockedThread;
  role: GroupRole;
}

async function requireRole(actor: Actor, groupId: number, tx: Tx | undefined, what: string): Promise<GroupRole> {
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role) throw new NotFound(what);
  return assertGroupReadable(role, what);
}

/** A post the actor can see; a post in a removed thread is unknown to all but moderators. Inside a write's transaction when `tx` is given. */
export async function findPostTarget(actor: SignedIn, postId: number, tx?: Tx): Promise<PostTarget> {
  const found = await findPostInThread(postId, tx);
  if (!found) throw new NotFound("post");
  const role = await requireRole(actor, found.post.groupId, tx, "post");
  if (!canReadThread(found.thread, role)) throw new NotFound("post");
  return { ...found, role };
}

/** The same, locked for the rest of the write's transaction. */
export async function lockPost(tx: Tx, actor: SignedIn, postId: number): Promise<PostTarget> {
  await lockPostRow(tx, postId);
  return findPostTarget(actor, postId, tx);
}

/** A thread the actor can see, locked. */
export async function lockThread(tx: Tx, actor: SignedIn, threadId: number): Promise<ThreadTarget> {
  const thread = await lockThreadRow(tx, threadId);
  if (!thread) throw new NotFound("thread");
  const role = await requireRole(actor, thread.groupId, tx, "thread");
  if (!canReadThread(thread, role)) throw new NotFound("thread");
  return { thread, role };
}
