import "server-only";
import { canPost, canReply, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { findCreatedPost, type CreatedPostRow } from "@/lib/db/created-post";
import { inTransaction, type Tx } from "@/lib/db/transaction";
import { Forbidden, NotFound } from "@/lib/errors";
import { parseContentOrThrow } from "@/lib/services/content";

export interface NewPostInput {
  threadId: number;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** The post replied to; null, 0 or -1 for a top-level post. */
  parentId: number | null;
}

interface PostWrite {
  userId: number;
  /** Normalised delta JSON. */
  content: string;
  parentId: number | null;
}

async function joinGroup(tx: Tx, groupId: number, userId: number): Promise<void> {
  const joined = await tx.groupMember.createMany({ data: [{ groupId, userId }], skipDuplicates: true });
  if (joined.count > 0) await tx.group.update({ where: { id: groupId }, data: { membersCount: { increment: 1 } } });
}

/**
 * Inserts a post and keeps every counter it moves right in the same transaction. Counter
 * updates are increments (not read-modify-write), so concurrent posts cannot lose one.
 * Rows are locked in one order everywhere (post, thread, group, user) to avoid deadlocks.
 * The author is subscribed to the thread and joins its group.
 */
export async function insertPost(tx: Tx, thread: { id: number; groupId: number }, input: PostWrite, isFirstPost = false): Promise<{ id: number }> {
  let depth = 0;
  let rootId: number | null = null;
  let replyUid = 0;
  const { parentId } = input;
  if (parentId !== null) {
    const parent = await tx.post.findUnique({ where: { id: parentId }, select: { threadId: true, depth: true, rootId: true, userId: true } });
    if (!parent || parent.threadId !== thread.id) throw new NotFound("post", "parent_id: no such post in this thread");
    depth = parent.depth + 1;
    rootId = parent.rootId ?? parentId;
    replyUid = parent.userId;
  }
  const now = new Date();
  const post = await tx.post.create({
    data: {
      threadId: thread.id,
      groupId: thread.groupId,
      userId: input.userId,
      parentId,
      rootId,
      depth,
      replyUid,
      content: input.content,
      signMsg: "",
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
  if (parentId !== null) await tx.post.update({ where: { id: parentId }, data: { childrenCount: { increment: 1 } } });
  // A first post in this thread makes the author a participant (counted once, under concurrency too).
  const participant = await tx.threadParticipant.createMany({ data: [{ threadId: thread.id, userId: input.userId }], skipDuplicates: true });
  // Concurrent posts commit in any order: the thread keeps the newest post as its last one
  // (GREATEST over ids, which the sequence hands out in order), never whichever committed last.
  const firstLevel = parentId === null && !isFirstPost ? 1 : 0;
  const joined = participant.count > 0 ? 1 : 0;
  await tx.$executeRaw`
    UPDATE threads SET
      posts_count = posts_count + 1,
      participants_count = participants_count + ${joined},
      first_level_count = first_level_count + ${firstLevel},
      last_post_user_id = CASE WHEN ${post.id} > COALESCE(last_post_id, 0) THEN ${input.userId} ELSE last_post_user_id END,
      last_post_id = GREATEST(COALESCE(last_post_id, 0), ${post.id}),
      last_activity_at = GREATEST(last_activity_at, ${now}),
      first_post_id = CASE WHEN ${isFirstPost} THEN ${post.id} ELSE first_post_id END,
      updated_at = ${now}
    WHERE id = ${thread.id}`;
  await tx.group.update({ where: { id: thread.groupId }, data: { postsCount: { increment: 1 }, lastActivityAt: now } });
  await tx.user.update({ where: { id: input.userId }, data: { postsCount: { increment: 1 }, lastPostAt: now } });
  await joinGroup(tx, thread.groupId, input.userId);
  await tx.subscription.createMany({ data: [{ userId: input.userId, threadId: thread.id }], skipDuplicates: true });
  return { id: post.id };
}

/** Endpoint 3 and the Reply button: a post (or a reply, with parentId) in a live thread. */
export async function createPost(actor: SignedIn, input: NewPostInput): Promise<CreatedPostRow> {
  const content = parseContentOrThrow(input.content);
  const parentId = input.parentId !== null && input.parentId > 0 ? input.parentId : null;
  const { id } = await inTransaction(async (tx) => {
    const thread = await tx.thread.findUnique({ where: { id: input.threadId }, select: { id: true, groupId: true, isDelete: true, isLocked: true } });
    if (!thread || thread.isDelete !== 0) throw new NotFound("thread");
    const role = await loadGroupRole(actor, thread.groupId, tx);
    if (!role || !canPost(actor, role)) throw new Forbidden(role?.banned ? "You are banned from posting in this group" : "You cannot post in this group");
    if (!canReply(actor, role, thread)) throw new Forbidden("This thread is locked: only moderators can reply");
    return insertPost(tx, thread, { userId: actor.id, content, parentId });
  });
  const created = await findCreatedPost(id);
  if (!created) throw new NotFound("post");
  return created;
}
