import "server-only";
import type { GroupPolicy } from "@/lib/auth/permissions";
import type { GroupJoining, GroupVisibility } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";
import { findPendingArchive, insertPostArchive, writeArchived, writeArchiveFailure } from "@/lib/db/post-archives";
import { Invalid } from "@/lib/errors";
import { ARCHIVE_WARNING } from "@/lib/schemas/group-settings-schemas";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { buildArchiveBundle, bundleAuthor } from "@/lib/services/archive-bundle";
import { isArchivingConfigured, whyNotArchivable } from "@/lib/services/archive-config";
import { postArchiveTransaction } from "@/lib/services/arweave-gateway";

// Archives (contract section 19): while a public group's `archive` is on, each new post and each
// edit writes a post_archives row and an `archive-post` job in its own transaction; the job bundles
// the revision and posts it to the Arweave gateway, retried with backoff while the gateway is down.

/**
 * In the write's transaction, after the post's content (and signature) were written: records the
 * revision and enqueues its archive, when the group archives. `afterEdit`: the revision an edit made.
 */
export async function queuePostArchive(tx: Tx, policy: GroupPolicy, postId: number, afterEdit: boolean): Promise<void> {
  if (!policy.archive) return;
  const id = await insertPostArchive(tx, postId, afterEdit);
  await enqueueInTransaction(tx, "archive-post", { archiveId: id });
}

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

/** The group's policy as a settings change would leave it. */
export interface ArchivePolicyChange {
  archive?: boolean;
  joining?: GroupJoining;
  visibility?: GroupVisibility;
}

/**
 * Group settings' rules for `archive` (contract section 19): on only in a public group without a
 * token gate, on a site with a gateway; while on, the group cannot become private, hidden or gated.
 * Answers the warnings to show (turning it on), or throws Invalid naming the field.
 */
export function checkArchiveChange(current: GroupPolicy, change: ArchivePolicyChange): string[] {
  const archive = change.archive ?? current.archive;
  if (!archive) return [];
  const turningOn = change.archive === true && !current.archive;
  if (turningOn && !isArchivingConfigured()) {
    throw new Invalid("archive", "this site has no archive gateway configured (AGORA_ARWEAVE_URL and AGORA_ARWEAVE_KEY_FILE)");
  }
  const next = { joining: change.joining ?? current.joining, visibility: change.visibility ?? current.visibility, hasGate: current.hasGate };
  const reason = whyNotArchivable(next);
  if (reason) {
    if (change.archive === true) throw new Invalid("archive", reason);
    const field = next.visibility !== current.visibility ? "visibility" : "joining";
    throw new Invalid(field, `${reason}; turn archive off first`);
  }
  return turningOn ? [ARCHIVE_WARNING] : [];
}

/** Setting a token gate: refused while the group archives. */
export function checkGateAllowed(policy: GroupPolicy, addsRules: boolean): void {
  if (policy.archive && addsRules) throw new Invalid("rules", "an archived group cannot be token-gated: archives are public forever; turn archive off first");
}
