import "server-only";
import { getDb } from "@/lib/db/engine/client";
import { deletedByCode, flagCode, isSet, readDeletedBy, type DeletedBy } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";
import type { PostSignatureColumns } from "@/lib/db/post-insert";

// The writes of a post after it was written (edit, delete, restore), each inside the caller's
// transaction, and the post as they read it. Creating a post is lib/db/post-insert.ts.

/** A post as a write to it (or a check before one) reads it, with its thread. */
export interface PostInThread {
  post: { id: number; userId: number; groupId: number; threadId: number; parentId: number | null; deletedBy: DeletedBy; content: string; nsfw: boolean };
  thread: { id: number; userId: number; deleted: boolean; locked: boolean };
}

/** The post and its thread; null when there is no such post. Inside a write's transaction when `tx` is given. */
export async function findPostInThread(postId: number, tx?: Tx): Promise<PostInThread | null> {
  const db = tx ?? (await getDb());
  const row = await db.post.findUnique({
    where: { id: postId },
    select: {
      id: true,
      userId: true,
      groupId: true,
      threadId: true,
      parentId: true,
      deleted: true,
      content: true,
      nsfw: true,
      thread: { select: { id: true, userId: true, isDelete: true, isLocked: true } },
    },
  });
  if (!row) return null;
  const { thread, deleted, nsfw, ...post } = row;
  return {
    post: { ...post, deletedBy: readDeletedBy(deleted), nsfw: isSet(nsfw) },
    thread: { id: thread.id, userId: thread.userId, deleted: isSet(thread.isDelete), locked: isSet(thread.isLocked) },
  };
}

/** Locks the post's row until the transaction ends (every post write takes it first). */
export async function lockPostRow(tx: Tx, postId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM posts WHERE id = ${postId} FOR UPDATE`;
}

export interface ContentReplacement {
  postId: number;
  editorId: number;
  previousContent: string;
  content: string;
  html: string;
  preview: string | null;
  /** The new version's signature (contract section 19); null leaves the post unsigned. */
  signature: PostSignatureColumns | null;
}

/**
 * Keeps the old content as a revision (post_edits), with the signature it carried, and writes the
 * new one, with its HTML, list preview and its own signature (or none).
 */
export async function replacePostContent(tx: Tx, change: ContentReplacement): Promise<void> {
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO post_edits (post_id, user_id, previous_content, sign, sign_msg, sign_data, signer_address, signer_type, created_at)
    SELECT id, ${change.editorId}, ${change.previousContent}, sign, NULLIF(sign_msg, ''), NULLIF(sign_data, ''), signer_address, signer_type, ${now}
    FROM posts WHERE id = ${change.postId}`;
  const signature = change.signature;
  await tx.post.update({
    where: { id: change.postId },
    data: {
      content: change.content,
      contentHtml: change.html,
      contentPreview: change.preview,
      sign: signature?.sign ?? null,
      signMsg: signature?.signMsg ?? "",
      signData: signature?.signData ?? "",
      signerAddress: signature?.signerAddress ?? null,
      signerType: signature?.signerType ?? null,
      editedAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
}

/** Marks a post deleted by its author or a moderator (`deleterId`), with the reason given. */
export async function writePostDeleted(tx: Tx, postId: number, deletion: { by: NonNullable<DeletedBy>; deleterId: number; reason: string }): Promise<void> {
  await tx.post.update({
    where: { id: postId },
    data: { deleted: deletedByCode(deletion.by), deletedById: deletion.deleterId, deletedAt: new Date(), deleteReason: deletion.reason },
    select: { id: true },
  });
}

/** Marks a post sensitive content or not (contract section 17). Its thread's version moves (a posts update). */
export async function writePostNsfw(tx: Tx, postId: number, nsfw: boolean): Promise<void> {
  await tx.post.update({ where: { id: postId }, data: { nsfw: flagCode(nsfw) }, select: { id: true } });
}

/** Brings a deleted post back. */
export async function writePostRestored(tx: Tx, postId: number): Promise<void> {
  await tx.post.update({
    where: { id: postId },
    data: { deleted: deletedByCode(null), deletedById: null, deletedAt: null, deleteReason: "" },
    select: { id: true },
  });
}
