import "server-only";
import { ApiError, notFound } from "@/lib/api/api-error";
import { inTransaction, type Tx } from "@/lib/services/transaction";

export interface NewPost {
  threadId: number;
  userId: number;
  /** Normalised delta JSON (lib/delta/parse.ts). */
  content: string;
  parentId?: number | null;
  sign?: string | null;
  signMsg?: string;
}

export interface CreatedPostFacts {
  id: number;
  depth: number;
  /** Whether this write subscribed the author (they are subscribed afterwards either way). */
  subscribed: boolean;
}

async function joinGroup(tx: Tx, groupId: number, userId: number): Promise<void> {
  const joined = await tx.groupMember.createMany({ data: [{ groupId, userId }], skipDuplicates: true });
  if (joined.count > 0) await tx.group.update({ where: { id: groupId }, data: { membersCount: { increment: 1 } } });
}

/**
 * Inserts a post and keeps every counter it moves right in the same transaction. Counter
 * updates are increments (not read-modify-write), so concurrent posts cannot lose one.
 * Rows are locked in one order everywhere (post, thread, group, user) to avoid deadlocks.
 */
export async function insertPost(
  tx: Tx,
  thread: { id: number; groupId: number },
  input: Omit<NewPost, "threadId">,
  isFirstPost = false,
): Promise<CreatedPostFacts> {
  let depth = 0;
  let rootId: number | null = null;
  let replyUid = 0;
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    const parent = await tx.post.findUnique({
      where: { id: parentId },
      select: { threadId: true, depth: true, rootId: true, userId: true, deleted: true },
    });
    if (!parent || parent.threadId !== thread.id) throw new ApiError(40400, "parent_id: no such post in this thread");
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
      sign: input.sign ?? null,
      signMsg: input.signMsg ?? "",
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
  if (parentId !== null) {
    await tx.post.update({ where: { id: parentId }, data: { childrenCount: { increment: 1 } } });
  }
  await tx.thread.update({
    where: { id: thread.id },
    data: {
      postsCount: { increment: 1 },
      firstLevelCount: parentId === null && !isFirstPost ? { increment: 1 } : undefined,
      lastPostId: post.id,
      lastPostUserId: input.userId,
      lastActivityAt: now,
      ...(isFirstPost ? { firstPostId: post.id } : {}),
    },
  });
  await tx.group.update({
    where: { id: thread.groupId },
    data: { postsCount: { increment: 1 }, lastActivityAt: now },
  });
  await tx.user.update({ where: { id: input.userId }, data: { postsCount: { increment: 1 }, lastPostAt: now } });
  await joinGroup(tx, thread.groupId, input.userId);
  const subscription = await tx.subscription.createMany({
    data: [{ userId: input.userId, threadId: thread.id }],
    skipDuplicates: true,
  });
  return { id: post.id, depth, subscribed: subscription.count > 0 };
}

/** Endpoint 3: a post (or a reply, with parentId) in an existing thread. */
export async function createPost(input: NewPost): Promise<CreatedPostFacts> {
  return inTransaction(async (tx) => {
    const thread = await tx.thread.findUnique({
      where: { id: input.threadId },
      select: { id: true, groupId: true, isDelete: true },
    });
    if (!thread || thread.isDelete !== 0) throw notFound("thread");
    return insertPost(tx, thread, input);
  });
}
