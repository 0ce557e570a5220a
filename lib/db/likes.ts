import "server-only";
import { isSet, readDeletedBy, type DeletedBy } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Likes (contract section 12): the post_likes rows and the three counters a like moves, each
// inside the caller's transaction.

/** A post as a like reads it. */
export interface LikedPost {
  id: number;
  groupId: number;
  threadId: number;
  userId: number;
  deletedBy: DeletedBy;
  /** Its thread was removed. */
  threadDeleted: boolean;
}

export async function findLikedPost(tx: Tx, postId: number): Promise<LikedPost | null> {
  const row = await tx.post.findUnique({
    where: { id: postId },
    select: { id: true, groupId: true, threadId: true, userId: true, deleted: true, thread: { select: { isDelete: true } } },
  });
  if (!row) return null;
  const { thread, deleted, ...post } = row;
  return { ...post, deletedBy: readDeletedBy(deleted), threadDeleted: isSet(thread.isDelete) };
}

/** Inserts the like; false when the person already liked the post (nothing written). */
export async function insertLike(tx: Tx, postId: number, userId: number): Promise<boolean> {
  const { count } = await tx.postLike.createMany({ data: [{ postId, userId }], skipDuplicates: true });
  return count === 1;
}

/** Deletes the like; false when there was none. */
export async function deleteLike(tx: Tx, postId: number, userId: number): Promise<boolean> {
  const { count } = await tx.postLike.deleteMany({ where: { postId, userId } });
  return count === 1;
}

/**
 * A like moves three counters: the post's total_likes, its thread's likes_count and its author's
 * likes, in that order (the lock order of every post write). Callers move them only when their
 * transaction really inserted or deleted the like row, so concurrent likes never count twice and a
 * like/unlike storm ends at 0 or 1.
 */
export async function moveLikeCounters(tx: Tx, post: { id: number; threadId: number; userId: number }, by: 1 | -1): Promise<void> {
  const change = { increment: by };
  await tx.post.update({ where: { id: post.id }, data: { likesCount: change }, select: { id: true } });
  // The thread's count and its day's activity (the top and hot feeds) in one statement.
  await tx.$executeRaw`
    WITH thread AS (UPDATE threads SET likes_count = likes_count + ${by}, updated_at = now() WHERE id = ${post.threadId} RETURNING id)
    INSERT INTO thread_activity (thread_id, day, score) SELECT id, (now() AT TIME ZONE 'UTC')::date, ${by} FROM thread
    ON CONFLICT (thread_id, day) DO UPDATE SET score = thread_activity.score + excluded.score`;
  await tx.user.update({ where: { id: post.userId }, data: { likesCount: change }, select: { id: true } });
}

/** The post's like count as the transaction sees it. */
export async function readLikeCount(tx: Tx, postId: number): Promise<number> {
  const { likesCount } = await tx.post.findUniqueOrThrow({ where: { id: postId }, select: { likesCount: true } });
  return likesCount;
}
