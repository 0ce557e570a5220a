import "server-only";
import { attachUploads, findGroupVisibility, findUploads, type UploadRecord } from "@/lib/db/uploads";
import type { Tx } from "@/lib/db/engine/transaction";
import { Invalid } from "@/lib/errors";
import { extractUploadIds } from "@/lib/delta/upload-ids";

// Contract section 15: `file_attachments` on create post and create thread. The ids must be the
// author's own unattached post uploads in the post's group, and the group must allow attachments
// on posts; the post and its attachments are written in one transaction, or neither is.

export const MAX_FILE_ATTACHMENTS = 10;

/** Checks the group allows attachments before anything is written (attachments asked for only). */
export async function checkAttachmentsAllowed(groupId: number, ids: readonly number[], tx?: Tx): Promise<void> {
  if (ids.length === 0) return;
  const group = await findGroupVisibility(groupId, tx);
  if (group && !group.attachRules.allowPost) throw new Invalid("file_attachments", "this group does not allow attachments on posts");
}

/**
 * Attaches the asked-for uploads to the new post (all of them, else Invalid and the transaction
 * is rolled back), and any of the author's unattached uploads its delta's images show.
 */
export async function attachToPost(
  tx: Tx,
  post: { id: number; threadId: number; groupId: number; userId: number; content: string },
  ids: readonly number[],
): Promise<UploadRecord[]> {
  if (ids.length > 0 && (await attachUploads(tx, ids, post)) !== ids.length) {
    throw new Invalid("file_attachments", "must be your own uploads in this group, not yet attached to a post");
  }
  const shown = extractUploadIds(post.content).filter((id) => !ids.includes(id));
  if (shown.length > 0) await attachUploads(tx, shown, post);
  return ids.length > 0 || shown.length > 0 ? (await findUploads([...ids, ...shown], tx)).filter((row) => row.postId === post.id) : [];
}

/** Whether a write needs the attachment step (and so a transaction). */
export function needsAttachStep(ids: readonly number[], content: string): boolean {
  return ids.length > 0 || extractUploadIds(content).length > 0;
}
