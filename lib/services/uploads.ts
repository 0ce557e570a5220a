import "server-only";
import { canDeleteUpload, canManageGroup, canReadUpload, canUploadToGroup, loadGroupRole, readDenial, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { isBackupRunning } from "@/lib/db/backup-runs";
import { findThreadLinks } from "@/lib/db/threads";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import {
  findGroupVisibility,
  findOrphanUploads,
  findUpload,
  insertUpload,
  isContentReferenced,
  listUserUploadContents,
  listUserUploads,
  lockContent,
  retireUploadRow,
  retireUserUploadRows,
  type StoredContent,
  type UploadPurpose,
  type UploadRecord,
} from "@/lib/db/uploads";
import { Forbidden, Invalid, NotFound, SignInRequired } from "@/lib/errors";
import { requireGroupFeature } from "@/lib/services/group-features";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { logger } from "@/lib/log";
import { processFile } from "@/lib/uploads/process-file";
import { getUploadStorage, storageKey } from "@/lib/uploads/storage";
import { spendUploadBudgets } from "@/lib/uploads/upload-budgets";

// Contract section 15: uploads. A file is checked (who, where, budgets), typed from its bytes and
// re-encoded when an image (lib/uploads/process-file.ts), stored by content, then recorded.

export const ORPHAN_AGE_MS = 24 * 60 * 60_000;

export interface NewUploadInput {
  bytes: Buffer;
  name: string;
  groupId: number | null;
  purpose: UploadPurpose;
}

/** The group's rules for a post upload, or for group art: may this actor upload there? */
async function checkGroupUpload(actor: SignedIn, groupId: number, purpose: UploadPurpose) {
  const group = await findGroupVisibility(groupId);
  const role = group ? await loadGroupRole(actor, groupId) : null;
  if (!group || !role || readDenial(role) === "hidden") throw new NotFound("group");
  const rules = group.attachRules;
  if (role.banned) throw new Forbidden("You are banned in this group");
  if (purpose === "post") await requireGroupFeature(groupId, "attached_files");
  if (purpose === "post" && !canUploadToGroup(actor, role, rules)) throw new Forbidden("Only this group's moderators can upload files here");
  if ((purpose === "cover" || purpose === "logo") && !canManageGroup(role)) throw new Forbidden("Only the group's owner and admins can change its art");
  return rules;
}

/** POST /api/v2/uploads: stores the file and answers its upload row. */
export async function createUpload(actor: SignedIn, input: NewUploadInput, origin: string): Promise<UploadRecord> {
  if (input.purpose === "post" && input.groupId === null) throw new Invalid("group_id", "required for a post upload");
  if (input.purpose === "avatar" && input.groupId !== null) throw new Invalid("group_id", "an avatar belongs to no group");
  if (input.bytes.length === 0) throw new Invalid("file", "the file is empty");
  const rules = input.groupId !== null ? await checkGroupUpload(actor, input.groupId, input.purpose) : null;
  await spendUploadBudgets(actor.id, input.bytes.length);
  const file = await processFile(input.bytes, input.name);
  if (!file.isImage && !(input.purpose === "post" && rules?.allowAllFileTypes)) {
    throw new Invalid("file", "this type of file is not allowed here: only images (PNG, JPEG, GIF, WebP, AVIF)");
  }
  const storage = await getUploadStorage();
  const name = cleanFileName(input.name, file.ext);
  // Stored before its row exists, so a row never names content that is not there; both under the
  // content's lock, so a removal of the same bytes either finished first (this writes them again)
  // or waits and then sees this row.
  return withContentLock(file.sha256, async (tx) => {
    await storage.put(storageKey(file.sha256, file.ext), file.bytes, file.mimeType);
    return insertUpload(
      tx,
      {
        userId: actor.id,
        groupId: input.groupId ?? 0,
        purpose: input.purpose,
        name,
        size: file.bytes.length,
        mimeType: file.mimeType,
        sha256: file.sha256,
        ext: file.ext,
        width: file.width,
        height: file.height,
      },
      origin,
    );
  });
}

function withContentLock<T>(sha256: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(async (tx) => {
    await lockContent(tx, sha256);
    return work(tx);
  });
}

/** A display name: the client's name without path or control characters, with the stored extension. */
function cleanFileName(name: string, ext: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .slice(0, 120);
  const stem = base.replace(/\.[^.]*$/, "") || "file";
  return `${stem}.${ext}`;
}

/**
 * An upload's record as this actor may see it (contract section 15): whoever may read the post it
 * is attached to, and its uploader always. One attached to no post (yet, or ever: avatars, covers)
 * is its uploader's alone: to anyone else it does not exist.
 */
export async function getUpload(actor: Actor, id: number): Promise<UploadRecord> {
  const upload = await findUpload(id);
  if (!upload || upload.sha256 === null) throw new NotFound("upload");
  if (actor && actor.id === upload.userId) return upload;
  if (upload.postId === null) {
    if (!actor) throw new SignInRequired("Sign in to see this file");
    throw new NotFound("upload");
  }
  if (await mayReadUpload(actor, upload)) return upload;
  // A hidden group's files do not exist for those who may not read it (contract section 14).
  const role = await loadGroupRole(actor, upload.groupId);
  if (role === null || readDenial(role) === "hidden") throw new NotFound("upload");
  throw new Forbidden("You cannot see this file");
}

/** Whether the actor may read the upload's file (the /uploads route asks the same). */
export async function mayReadUpload(actor: Actor, upload: Pick<UploadRecord, "userId" | "groupId">): Promise<boolean> {
  if (upload.groupId === 0 || (actor && actor.id === upload.userId)) return true;
  const group = await findGroupVisibility(upload.groupId);
  if (group === null || group.visibility === "public") return canReadUpload(actor, upload, null, group);
  return canReadUpload(actor, upload, await loadGroupRole(actor, upload.groupId), group);
}

/** Whether the group an upload belongs to is public: its files may be cached by anyone. */
export async function isUploadPublic(upload: Pick<UploadRecord, "groupId">): Promise<boolean> {
  if (upload.groupId === 0) return true;
  const group = await findGroupVisibility(upload.groupId);
  return group === null || group.visibility === "public";
}

/** POST /api/v2/uploads/{id}/delete: the uploader or the group's moderators. */
export async function deleteUpload(actor: SignedIn, id: number): Promise<void> {
  const upload = await findUpload(id);
  if (!upload || upload.sha256 === null) throw new NotFound("upload");
  const role = upload.groupId > 0 ? await loadGroupRole(actor, upload.groupId) : null;
  if (!canDeleteUpload(actor, upload, role)) throw new Forbidden("Only the uploader or the group's moderators can delete this file");
  await removeUpload(upload);
}

// The job written with a removal waits this long, so it normally finds the file already gone.
const CONTENT_REMOVAL_BACKSTOP_SECONDS = 60;

/**
 * The row (committed first: a failed commit must not leave a row naming removed content), with a
 * job that removes the stored file should this process die or the store fail before it does; then,
 * at once, the stored file if no row names it any more.
 */
async function removeUpload(upload: UploadRecord, onlyUnattached = false): Promise<void> {
  const { sha256, ext } = upload;
  if (!sha256) return;
  await withContentLock(sha256, async (tx) => {
    await retireUploadRow(tx, upload.id, onlyUnattached);
    await enqueueInTransaction(tx, "remove-stored-content", { sha256, ext }, { startAfterSeconds: CONTENT_REMOVAL_BACKSTOP_SECONDS });
  });
  await removeContentIfUnused(sha256, ext);
}

/**
 * Contract section 20: every upload of a leaving account goes, inside the deletion's transaction.
 * The contents are locked first, before any row of the account (an upload locks its content, then
 * writes a row naming the account), with the backstop job for each; answers them for
 * removeContentsIfUnused once the transaction has committed.
 */
export async function retireAccountUploads(tx: Tx, userId: number): Promise<StoredContent[]> {
  const contents = await listUserUploadContents(tx, userId);
  for (const content of contents) await lockContent(tx, content.sha256);
  await retireUserUploadRows(tx, userId);
  for (const content of contents) {
    await enqueueInTransaction(tx, "remove-stored-content", content, { startAfterSeconds: CONTENT_REMOVAL_BACKSTOP_SECONDS });
  }
  return contents;
}

/** After a committed removal: the stored files no row names any more (a failure is left to the backstop jobs). */
export async function removeContentsIfUnused(contents: readonly StoredContent[]): Promise<void> {
  for (const { sha256, ext } of contents) {
    try {
      await removeContentIfUnused(sha256, ext);
    } catch (error) {
      logger.warn({ err: error, sha256 }, "removing a stored upload failed; its job will try again");
    }
  }
}

/**
 * Under the content's lock, the stored file if no row names it any more. An upload of the same bytes
 * running meanwhile has either committed its row (the file stays) or waits on the lock and writes the
 * file again. Removing a file already gone does nothing, so the job may run it after the request did.
 * While a backup runs the file stays (its snapshot may name it): answers false, and the job written
 * with the removal tries again later.
 */
export async function removeContentIfUnused(sha256: string, ext: string): Promise<boolean> {
  return withContentLock(sha256, async (tx) => {
    if (await isContentReferenced(tx, sha256, ext)) return true;
    if (await isBackupRunning(tx)) return false;
    await (await getUploadStorage()).remove(storageKey(sha256, ext));
    return true;
  });
}

export async function listMyUploads(actor: SignedIn, page: number, perPage: number) {
  return listUserUploads(actor.id, (page - 1) * perPage, perPage);
}

/** The "Your uploads" page: a page of the actor's uploads and the threads of those attached to a post. */
export async function listMyUploadsWithThreads(actor: SignedIn, page: number, perPage: number) {
  const { rows, count } = await listMyUploads(actor, page, perPage);
  const threadIds = new Set(rows.flatMap((row) => (row.threadId ? [row.threadId] : [])));
  return { rows, count, threads: await findThreadLinks([...threadIds]) };
}

/** Post uploads never attached within ORPHAN_AGE_MS are removed (hourly, lib/jobs/sweep-orphan-uploads.ts). */
export async function sweepOrphanUploads(now = new Date(), limit = 500): Promise<number> {
  const orphans = await findOrphanUploads(new Date(now.getTime() - ORPHAN_AGE_MS), limit);
  for (const upload of orphans) {
    try {
      // Attached since it was listed: it stays.
      await removeUpload(upload, true);
    } catch (error) {
      logger.warn({ err: error, uploadId: upload.id }, "removing an orphan upload failed");
    }
  }
  return orphans.length;
}
