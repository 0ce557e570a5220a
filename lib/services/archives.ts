import "server-only";
import type { GroupPolicy } from "@/lib/auth/permissions";
import type { GroupJoining, GroupVisibility } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";
import { insertPostArchive } from "@/lib/db/post-archives";
import { Invalid } from "@/lib/errors";
import { ARCHIVE_WARNING } from "@/lib/schemas/group-settings-schemas";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { isArchivingConfigured, whyNotArchivable } from "@/lib/services/archive-config";

// Archives (contract section 19): while a public group's `archive` is on, each new post and each
// edit writes a post_archives row and an `archive-post` job in its own transaction; the job
// (lib/services/archive-posting.ts) bundles the revision and posts it to the Arweave gateway,
// retried with backoff while the gateway is down. And the settings' rules for `archive`.

/**
 * In the write's transaction, after the post's content (and signature) were written: records the
 * revision and enqueues its archive, when the group archives. `afterEdit`: the revision an edit made.
 */
export async function queuePostArchive(tx: Tx, policy: GroupPolicy, postId: number, afterEdit: boolean): Promise<void> {
  if (!policy.archive) return;
  const id = await insertPostArchive(tx, postId, afterEdit);
  await enqueueInTransaction(tx, "archive-post", { archiveId: id });
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
