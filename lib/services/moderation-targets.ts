import "server-only";
import { canReadThread, loadGroupRole, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import { isSet } from "@/lib/db/record-codes";
import { lockThreadRow, type LockedThread } from "@/lib/db/thread-writes";
import type { Tx } from "@/lib/db/transaction";
import { NotFound } from "@/lib/errors";
import { assertGroupReadable } from "@/lib/services/group-access";

// The rows a moderation write acts on, locked for the rest of its transaction so that two
// moderators (or an author and a moderator) acting at once take turns instead of interleaving.

export interface PostTarget {
  post: { id: number; userId: number; groupId: number; threadId: number; deleted: number; content: string };
  thread: { id: number; userId: number; deleted: boolean; locked: boolean };
  role: GroupRole;
}

export interface ThreadTarget {
  thread: LockedThread;
  role: GroupRole;
}

async function requireRole(actor: Actor, groupId: number, tx: Tx, what: string): Promise<GroupRole> {
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role) throw new NotFound(what);
  return assertGroupReadable(role, what);
}

/** A post the actor can see; a post in a removed thread is unknown to all but moderators. */
export async function findPostTarget(db: Tx, actor: SignedIn, postId: number): Promise<PostTarget> {
  const post = await db.post.findUnique({
    where: { id: postId },
    select: {
      id: true,
      userId: true,
      groupId: true,
      threadId: true,
      deleted: true,
      content: true,
      thread: { select: { id: true, userId: true, isDelete: true, isLocked: true } },
    },
  });
  if (!post) throw new NotFound("post");
  const { thread: threadRow, ...rest } = post;
  const thread = { id: threadRow.id, userId: threadRow.userId, deleted: isSet(threadRow.isDelete), locked: isSet(threadRow.isLocked) };
  const role = await requireRole(actor, post.groupId, db, "post");
  if (!canReadThread(thread, role)) throw new NotFound("post");
  return { post: rest, thread, role };
}

/** The same, locked for the rest of the write's transaction. */
export async function lockPost(tx: Tx, actor: SignedIn, postId: number): Promise<PostTarget> {
  await tx.$queryRaw`SELECT id FROM posts WHERE id = ${postId} FOR UPDATE`;
  return findPostTarget(tx, actor, postId);
}

/** A thread the actor can see, locked. */
export async function lockThread(tx: Tx, actor: SignedIn, threadId: number): Promise<ThreadTarget> {
  const thread = await lockThreadRow(tx, threadId);
  if (!thread) throw new NotFound("thread");
  const role = await requireRole(actor, thread.groupId, tx, "thread");
  if (!canReadThread(thread, role)) throw new NotFound("thread");
  return { thread, role };
}
