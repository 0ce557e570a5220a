import "server-only";
import { findPendingArchive, writeArchived, writeArchiveFailure } from "@/lib/db/post-archives";
import { buildArchiveBundle, bundleAuthor } from "@/lib/services/archive-bundle";
import { postArchiveTransaction } from "@/lib/services/arweave-gateway";

// The archive-post job's work (contract section 19): the revision a write recorded
// (lib/services/archives.ts), bundled and posted to the Arweave gateway.

/** The archive job: bundles one revision, posts it, and stores its cid and transaction id. A gone or done revision is left alone. */
export async function archivePostRevision(archiveId: number): Promise<void> {
  const pending = await findPendingArchive(archiveId);
  if (!pending || pending.archiveId !== "") return;
  const bundle = await buildArchiveBundle({
    postId: pending.postId,
    threadId: pending.threadId,
    groupName: pending.groupName,
    author: bundleAuthor(pending.signMsg, pending.firstWalletAddress),
    content: pending.content,
    sign: pending.sign,
    signMsg: pending.signMsg,
    createdAt: pending.createdAt,
  });
  let transactionId: string;
  try {
    transactionId = await postArchiveTransaction(bundle.bytes, { postId: pending.postId, cid: bundle.cid });
  } catch (error) {
    await writeArchiveFailure(archiveId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await writeArchived(pending, bundle.cid, transactionId);
}
