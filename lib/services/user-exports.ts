import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Actor, SignedIn } from "@/lib/auth/permissions";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import {
  deleteUserExport,
  findUserExport,
  findUserExportByFileKey,
  listExpiredExportFiles,
  lockUserExport,
  markExportFileRemoved,
  markExportReady,
  writeQueuedExport,
  type UserExportRecord,
} from "@/lib/db/user-exports";
import { findUserProfile } from "@/lib/db/users";
import { NotFound } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { writeUserExportZip } from "@/lib/services/user-export-zip";
import { EXPORT_FILE_KEY_PATTERN, exportStorageKey, getUploadStorage } from "@/lib/uploads/storage";

// Contract section 20: a person's export of everything they wrote or saved. The request writes the
// export's row and its build-user-export job in one transaction; the job writes the zip into the
// upload storage (every instance reads it there) under a random name; the owner alone downloads it,
// for EXPORT_KEEP_DAYS, after which the expire-user-exports job removes it.

export const EXPORT_KEEP_DAYS = 7;

export type UserExportState = "none" | "queued" | "ready" | "expired";

/** What a person sees of their export. */
export interface UserExportStatus {
  state: UserExportState;
  /** The zip's random name while it is ready, else null. */
  fileKey: string | null;
  requestedAt: Date | null;
  /** When a ready export goes (and an expired one went); null while queued or without one. */
  expiresAt: Date | null;
  size: number | null;
}

/** Where the owner downloads an export's zip (lib/media/serve-user-export.ts). */
export function exportDownloadPath(fileKey: string): string {
  return `/exports/${fileKey}.zip`;
}

function stateOf(record: UserExportRecord | null, now: Date): UserExportState {
  if (!record) return "none";
  if (record.readyAt === null) return "queued";
  return record.fileRemoved || (record.expiresAt !== null && record.expiresAt <= now) ? "expired" : "ready";
}

function toStatus(record: UserExportRecord | null, now = new Date()): UserExportStatus {
  const state = stateOf(record, now);
  return {
    state,
    fileKey: state === "ready" ? record!.fileKey : null,
    requestedAt: record?.requestedAt ?? null,
    expiresAt: state === "ready" || state === "expired" ? record!.expiresAt : null,
    size: state === "ready" ? record!.size : null,
  };
}

export async function getUserExportStatus(actor: SignedIn): Promise<UserExportStatus> {
  return toStatus(await findUserExport(actor.id));
}

/**
 * Queues an export of the person's data. While one is queued, a second request changes nothing and
 * answers it; a finished one (ready or expired) is replaced, its zip removed by a job.
 */
export async function requestUserExport(actor: SignedIn): Promise<UserExportStatus> {
  const fileKey = randomBytes(24).toString("base64url");
  const record = await inTransaction(async (tx) => {
    const previous = await lockUserExport(tx, actor.id);
    if (previous?.readyAt === null) return previous;
    // A concurrent first request may have inserted the row since: then its export is the one queued.
    if (await writeQueuedExport(tx, actor.id, fileKey)) {
      await enqueueInTransaction(tx, "build-user-export", { userId: actor.id, fileKey });
      if (previous && !previous.fileRemoved) await enqueueInTransaction(tx, "remove-user-export", { fileKey: previous.fileKey });
    }
    return lockUserExport(tx, actor.id);
  });
  return toStatus(record);
}

/**
 * Account deletion: the export goes in the deleting transaction, its zip by a job once it commits.
 * A build already running finds no row when it finishes and removes what it wrote.
 */
export async function forgetUserExport(tx: Tx, userId: number): Promise<void> {
  const previous = await deleteUserExport(tx, userId);
  if (previous && !previous.fileRemoved) await enqueueInTransaction(tx, "remove-user-export", { fileKey: previous.fileKey });
}

/** The build-user-export job: writes the zip and marks the export ready, unless it was replaced meanwhile. */
export async function buildUserExport(userId: number, fileKey: string): Promise<void> {
  const current = await findUserExport(userId);
  if (!current || current.fileKey !== fileKey || current.readyAt !== null) return;
  const profile = await findUserProfile(userId);
  if (!profile) return;
  const temporary = path.join(os.tmpdir(), `agora-export-${fileKey}-${process.pid}.zip`);
  try {
    await writeUserExportZip(profile, temporary);
    const { size } = await fs.stat(temporary);
    const storage = await getUploadStorage();
    await storage.putStream(exportStorageKey(fileKey), createReadStream(temporary), size, "application/zip");
    if (!(await markExportReady(userId, fileKey, size, EXPORT_KEEP_DAYS))) await storage.remove(exportStorageKey(fileKey));
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** Removes a replaced export's zip (the remove-user-export job). */
export async function removeExportFile(fileKey: string): Promise<void> {
  await (await getUploadStorage()).remove(exportStorageKey(fileKey));
  await markExportFileRemoved(fileKey);
}

/** The expire-user-exports job: removes the zips of exports past their time; answers how many. */
export async function removeExpiredExports(limit = 100): Promise<number> {
  const expired = await listExpiredExportFiles(limit);
  for (const { fileKey } of expired) await removeExportFile(fileKey);
  return expired.length;
}

/** A ready export's zip, for its owner only: anyone else, and a name that is not one, get the same 404. */
export async function findDownloadableExport(actor: Actor, fileKey: string): Promise<{ storageKey: string; username: string; readyAt: Date }> {
  if (!actor || !EXPORT_FILE_KEY_PATTERN.test(fileKey)) throw new NotFound("file", "No such file");
  const record = await findUserExportByFileKey(fileKey);
  if (!record || record.userId !== actor.id || stateOf(record, new Date()) !== "ready") throw new NotFound("file", "No such file");
  const profile = await findUserProfile(actor.id);
  return { storageKey: exportStorageKey(fileKey), username: profile?.username ?? String(actor.id), readyAt: record.readyAt! };
}
