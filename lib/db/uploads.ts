import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { readAttachRules, type AttachRules } from "@/lib/db/attach-rules";
import { getDb } from "@/lib/db/engine/client";
import { POST_ATTACHMENT_SELECT, type PostAttachment } from "@/lib/db/posts";
import { readVisibility, type GroupVisibility } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Uploads are rows of `attachments` (contract section 15): one per upload, attached to a post
// (post_id, thread_id) or not yet; the stored content is named by sha256 and ext.

const UPLOAD_SELECT = {
  ...POST_ATTACHMENT_SELECT,
  userId: true,
  ext: true,
  purpose: true,
  createdAt: true,
} satisfies Prisma.AttachmentSelect;

export type UploadPurpose = "post" | "avatar" | "cover" | "logo";

/** An upload: a post attachment's record plus who uploaded it, for what, and when. */
export interface UploadRecord extends PostAttachment {
  userId: number;
  ext: string;
  purpose: UploadPurpose;
  createdAt: Date;
}

// The column holds only the purposes createUpload takes.
function readUpload(row: Prisma.AttachmentGetPayload<{ select: typeof UPLOAD_SELECT }>): UploadRecord {
  return { ...row, purpose: row.purpose as UploadPurpose };
}

export interface NewUpload {
  userId: number;
  groupId: number;
  purpose: UploadPurpose;
  name: string;
  size: number;
  mimeType: string;
  sha256: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/** The path an upload is served at: its id (whose row decides who may read it) and its content address. */
export function uploadPath(id: number, sha256: string, ext: string): string {
  return `/uploads/${id}/${sha256}.${ext}`;
}

/** Inserts an upload row and names its URL (which holds the new id) in one transaction. */
export async function insertUpload(tx: Tx, input: NewUpload, origin: string): Promise<UploadRecord> {
  const { id } = await tx.attachment.create({
    data: { ...input, size: String(input.size), url: "" },
    select: { id: true },
  });
  return readUpload(await tx.attachment.update({ where: { id }, data: { url: origin + uploadPath(id, input.sha256, input.ext) }, select: UPLOAD_SELECT }));
}

export async function findUpload(id: number, tx?: Tx): Promise<UploadRecord | null> {
  const db = tx ?? (await getDb());
  const row = await db.attachment.findUnique({ where: { id }, select: UPLOAD_SELECT });
  return row ? readUpload(row) : null;
}

export async function findUploads(ids: readonly number[], tx?: Tx): Promise<UploadRecord[]> {
  const db = tx ?? (await getDb());
  return (await db.attachment.findMany({ where: { id: { in: [...ids] } }, select: UPLOAD_SELECT, orderBy: { id: "asc" } })).map(readUpload);
}

/** A user's uploads, newest first. */
export async function listUserUploads(userId: number, skip: number, take: number): Promise<{ rows: UploadRecord[]; count: number }> {
  const db = await getDb();
  const [rows, count] = await Promise.all([
    db.attachment.findMany({ where: { userId, sha256: { not: null } }, select: UPLOAD_SELECT, orderBy: { id: "desc" }, skip, take }),
    db.attachment.count({ where: { userId, sha256: { not: null } } }),
  ]);
  return { rows: rows.map(readUpload), count };
}

/**
 * Attaches the uploads to a post: only rows still unattached, of this user, this group and
 * purpose post. Answers how many it attached (the caller checks it is all of them).
 */
export async function attachUploads(tx: Tx, ids: readonly number[], post: { id: number; threadId: number; groupId: number; userId: number }): Promise<number> {
  const { count } = await tx.attachment.updateMany({
    where: { id: { in: [...ids] }, userId: post.userId, groupId: post.groupId, purpose: "post", postId: null },
    data: { postId: post.id, threadId: post.threadId },
  });
  return count;
}

// Two-key advisory locks (class, object) live apart from the single-key ones other modules take.
const CONTENT_LOCK_CLASS = 0x75706c64; // "upld"

/**
 * Holds, until the transaction ends, the lock of one stored content: writing it with a new row
 * and deciding to remove it never interleave (hashes sharing 32 bits only wait on each other).
 */
export async function lockContent(tx: Tx, sha256: string): Promise<void> {
  const objectKey = Number.parseInt(sha256.slice(0, 8), 16) | 0;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${CONTENT_LOCK_CLASS}::int, ${objectKey}::int)) AS lock`;
}

/**
 * Takes an upload away, as its row is now (it may have been attached since it was read): a row
 * no post uses is deleted; one a post uses stays as a marker (removed_at, no content named) so
 * the post shows a placeholder where it was, unless `onlyUnattached` (the orphan sweep) keeps it.
 */
export async function retireUploadRow(tx: Tx, id: number, onlyUnattached = false): Promise<void> {
  const { count } = await tx.attachment.deleteMany({ where: { id, postId: null } });
  if (count === 0 && !onlyUnattached) await tx.attachment.updateMany({ where: { id, sha256: { not: null } }, data: { sha256: null, removedAt: new Date() } });
}

/** Whether any row still refers to this content. */
export async function isContentReferenced(tx: Tx, sha256: string, ext: string): Promise<boolean> {
  return (await tx.attachment.count({ where: { sha256, ext }, take: 1 })) > 0;
}

/** Of these upload ids, the ones whose content is still there (the rest were deleted or swept). */
export async function findLiveUploadIds(ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.attachment.findMany({ where: { id: { in: [...ids] }, sha256: { not: null } }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

/** Post uploads never attached and older than `before`, oldest first, at most `limit`. */
export async function findOrphanUploads(before: Date, limit: number): Promise<UploadRecord[]> {
  const db = await getDb();
  const rows = await db.attachment.findMany({
    where: { postId: null, purpose: "post", sha256: { not: null }, createdAt: { lt: before } },
    select: UPLOAD_SELECT,
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  return rows.map(readUpload);
}

/** The group an upload's reader must be allowed into, with what decides it. */
export async function findGroupVisibility(groupId: number, tx?: Tx): Promise<{ id: number; visibility: GroupVisibility; attachRules: AttachRules } | null> {
  const db = tx ?? (await getDb());
  const row = await db.group.findUnique({ where: { id: groupId }, select: { id: true, visibility: true, attachedFiles: true } });
  return row && { id: row.id, visibility: readVisibility(row.visibility), attachRules: readAttachRules(row.attachedFiles) };
}

/** A group's id by its handle (the pages know groups by name). */
export async function findGroupIdByName(name: string): Promise<number | null> {
  const db = await getDb();
  return (await db.group.findUnique({ where: { name: name.toLowerCase() }, select: { id: true } }))?.id ?? null;
}

/** A stored content a person's uploads name, once each (by hash, then extension: the order contents are locked in). */
export interface StoredContent {
  sha256: string;
  ext: string;
}

export async function listUserUploadContents(tx: Tx, userId: number): Promise<StoredContent[]> {
  return tx.$queryRaw<StoredContent[]>`
    SELECT DISTINCT sha256, ext FROM attachments WHERE user_id = ${userId} AND sha256 IS NOT NULL ORDER BY sha256, ext`;
}

/** Takes every upload of a person away, as retireUploadRow takes one: unattached rows go, attached ones stay as markers. */
export async function retireUserUploadRows(tx: Tx, userId: number): Promise<void> {
  await tx.attachment.deleteMany({ where: { userId, postId: null } });
  await tx.attachment.updateMany({ where: { userId, sha256: { not: null } }, data: { sha256: null, removedAt: new Date() } });
}
