import "server-only";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";
import { canLike, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { deleteLike, findLikedPost, insertLike, moveLikeCounters, readLikeCount, type LikedPost } from "@/lib/db/likes";
import { notifyPostAuthor, takeBackLike } from "@/lib/db/notifications";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { Forbidden, NotFound } from "@/lib/errors";

/** A post's like state as the viewer left it. */
export interface LikeState {
  postId: number;
  liked: boolean;
  totalLikes: number;
}

async function findLikeablePost(tx: Tx, postId: number): Promise<LikedPost> {
  const post = await findLikedPost(tx, postId);
  if (!post || post.threadDeleted) throw new NotFound("post");
  return post;
}

async function readState(tx: Tx, postId: number, liked: boolean): Promise<LikeState> {
  return { postId, liked, totalLikes: await readLikeCount(tx, postId) };
}

/** Contract section 12: like a post; a second like changes nothing. */
export async function likePost(actor: SignedIn, postId: number): Promise<LikeState> {
  return inTransaction(async (tx) => {
    const post = await findLikeablePost(tx, postId);
    const role = await loadGroupRole(actor, post.groupId, tx);
    if (!role || !canLike(actor, role)) refuseWrite(role, "post", role?.banned ? "You are banned from this group" : "You cannot like posts in this group");
    await ensureGateHolds(actor, role);
    if (post.deletedBy !== null) throw new Forbidden("This post was deleted");
    // The counters move only when this transaction really inserted the row.
    if (await insertLike(tx, postId, actor.id)) {
      await moveLikeCounters(tx, post, 1);
      await notifyPostAuthor(tx, postId, actor.id, "like");
    }
    return readState(tx, postId, true);
  });
}

/** Contract section 12: take a like back; unliking what was never liked changes nothing. */
export async function unlikePost(actor: SignedIn, postId: number): Promise<LikeState> {
  return inTransaction(async (tx) => {
    const post = await findLikeablePost(tx, postId);
    if (await deleteLike(tx, postId, actor.id)) {
      await moveLikeCounters(tx, post, -1);
      // Taken back only while unread: a like already seen stays in its author's history.
      await takeBackLike(tx, post.threadId, postId, actor.id);
    }
    return readState(tx, postId, false);
  });
}
