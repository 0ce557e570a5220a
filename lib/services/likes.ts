import "server-only";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";
import { canLike, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { notifyLike, takeBackLike } from "@/lib/db/notifications";
import { inTransaction, type Tx } from "@/lib/db/transaction";
import { Forbidden, NotFound } from "@/lib/errors";

/** A post's like state as the viewer left it. */
export interface LikeState {
  postId: number;
  liked: boolean;
  totalLikes: number;
}

async function findLikeablePost(tx: Tx, postId: number) {
  const post = await tx.post.findUnique({
    where: { id: postId },
    select: { id: true, groupId: true, threadId: true, userId: true, deleted: true, thread: { select: { isDelete: true } } },
  });
  if (!post || post.thread.isDelete !== 0) throw new NotFound("post");
  return post;
}

// A like moves three counters: the post's total_likes, its thread's likes_count and its
// author's likes. They move only when this transaction really inserted or deleted the like
// row, so concurrent likes never count twice and a like/unlike storm ends at 0 or 1.
async function moveCounters(tx: Tx, post: { id: number; threadId: number; userId: number }, by: 1 | -1): Promise<void> {
  const change = { increment: by };
  await tx.post.update({ where: { id: post.id }, data: { likesCount: change }, select: { id: true } });
  await tx.thread.update({ where: { id: post.threadId }, data: { likesCount: change }, select: { id: true } });
  await tx.user.update({ where: { id: post.userId }, data: { likesCount: change }, select: { id: true } });
}

async function readState(tx: Tx, postId: number, liked: boolean): Promise<LikeState> {
  const { likesCount } = await tx.post.findUniqueOrThrow({ where: { id: postId }, select: { likesCount: true } });
  return { postId, liked, totalLikes: likesCount };
}

/** Contract section 12: like a post; a second like changes nothing. */
export async function likePost(actor: SignedIn, postId: number): Promise<LikeState> {
  return inTransaction(async (tx) => {
    const post = await findLikeablePost(tx, postId);
    const role = await loadGroupRole(actor, post.groupId, tx);
    if (!role || !canLike(actor, role)) refuseWrite(role, "post", role?.banned ? "You are banned from this group" : "You cannot like posts in this group");
    await ensureGateHolds(actor, role);
    if (post.deleted !== 0) throw new Forbidden("This post was deleted");
    const { count } = await tx.postLike.createMany({ data: [{ postId, userId: actor.id }], skipDuplicates: true });
    if (count === 1) {
      await moveCounters(tx, post, 1);
      await notifyLike(tx, postId, actor.id);
    }
    return readState(tx, postId, true);
  });
}

/** Contract section 12: take a like back; unliking what was never liked changes nothing. */
export async function unlikePost(actor: SignedIn, postId: number): Promise<LikeState> {
  return inTransaction(async (tx) => {
    const post = await findLikeablePost(tx, postId);
    const { count } = await tx.postLike.deleteMany({ where: { postId, userId: actor.id } });
    if (count === 1) {
      await moveCounters(tx, post, -1);
      // Taken back only while unread: a like already seen stays in its author's history.
      await takeBackLike(tx, post.threadId, postId, actor.id);
    }
    return readState(tx, postId, false);
  });
}
