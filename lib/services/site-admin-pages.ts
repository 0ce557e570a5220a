import "server-only";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import type { SignedIn } from "@/lib/auth/permissions";
import type { ApiKeyRecord } from "@/lib/db/api-keys";
import { inTransaction } from "@/lib/db/engine/transaction";
import {
  deleteGroupRows,
  lockGroupHandle,
  searchSiteGroups,
  searchSiteUsers,
  type DirectoryPage,
  type SiteGroupRow,
  type SiteUserRow,
} from "@/lib/db/site-directory";
import { findLastBackup, type FinishedBackup } from "@/lib/db/backup-runs";
import { readDatabaseHealth } from "@/lib/db/site-health";
import { writeSuperAdmin } from "@/lib/db/user-suspensions";
import { Invalid, NotFound } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { countJobsByQueue, listJobs, retryFailedJob, type JobRow, type QueueCounts } from "@/lib/jobs/queue/job-admin";
import { checkRedisHealth } from "@/lib/redis";
import { checkArchiveGateway } from "@/lib/services/arweave-gateway";
import { checkSmtp, type SmtpHealth } from "@/lib/services/mail-transport";
import { requireSiteAdmin } from "@/lib/services/site-admin";
import { removeContentIfUnused } from "@/lib/services/uploads";

// The /admin pages' use cases (contract section 20): every one asks for a site admin first.

export const DIRECTORY_PAGE_SIZE = 25;
const JOB_LIST_LIMIT = 50;
const HEALTH_TIMEOUT_MS = 2_000;

export async function listSiteUsers(actor: SignedIn, query: string, page: number): Promise<DirectoryPage<SiteUserRow>> {
  await requireSiteAdmin(actor);
  return searchSiteUsers(query.trim(), page, DIRECTORY_PAGE_SIZE);
}

/** Makes or unmakes a site admin from the users page; nobody unmakes themself (someone must stay). */
export async function setSiteAdminFlag(actor: SignedIn, userId: number, on: boolean): Promise<void> {
  await requireSiteAdmin(actor);
  if (!on && userId === actor.id) throw new Invalid("user_id", "you cannot remove your own site admin role");
  if (!(await writeSuperAdmin(userId, on))) throw new NotFound("user");
}

export async function listSiteGroups(actor: SignedIn, query: string, page: number): Promise<DirectoryPage<SiteGroupRow>> {
  await requireSiteAdmin(actor);
  return searchSiteGroups(query.trim(), page, DIRECTORY_PAGE_SIZE);
}

/** Deletes a group and everything in it; `confirmName` must be its handle. Its uploads' files go once no row names them. */
export async function deleteGroupAsSiteAdmin(actor: SignedIn, groupId: number, confirmName: string): Promise<void> {
  await requireSiteAdmin(actor);
  const contents = await inTransaction(async (tx) => {
    const handle = await lockGroupHandle(tx, groupId);
    if (handle === null) throw new NotFound("group");
    if (confirmName.trim().toLowerCase() !== handle) throw new Invalid("confirm", `type the group's handle "${handle}" to delete it`);
    const removed = await deleteGroupRows(tx, groupId);
    for (const content of removed) await enqueueInTransaction(tx, "remove-stored-content", content);
    return removed;
  });
  for (const { sha256, ext } of contents) await removeContentIfUnused(sha256, ext);
}

export async function listSiteApiKeys(actor: SignedIn): Promise<ApiKeyRecord[]> {
  await requireSiteAdmin(actor);
  return listApiKeys();
}

/** A new key, shown once. */
export async function createSiteApiKey(actor: SignedIn, label: string): Promise<{ key: string; id: number }> {
  await requireSiteAdmin(actor);
  const trimmed = label.trim();
  if (trimmed === "" || trimmed.length > 100) throw new Invalid("label", "must be 1-100 characters");
  return createApiKey(trimmed);
}

export async function revokeSiteApiKey(actor: SignedIn, id: number): Promise<void> {
  await requireSiteAdmin(actor);
  if (!(await revokeApiKey(String(id)))) throw new NotFound("API key");
}

export interface JobsOverview {
  queues: QueueCounts[];
  failed: JobRow[];
  queued: JobRow[];
}

export async function readJobsOverview(actor: SignedIn): Promise<JobsOverview> {
  await requireSiteAdmin(actor);
  const [queues, failed, queued] = await Promise.all([
    countJobsByQueue(),
    listJobs(["failed"], JOB_LIST_LIMIT),
    listJobs(["created", "retry"], JOB_LIST_LIMIT),
  ]);
  return { queues, failed, queued };
}

export async function retrySiteJob(actor: SignedIn, name: string, id: string): Promise<void> {
  await requireSiteAdmin(actor);
  if (!(await retryFailedJob(name, id))) throw new NotFound("failed job");
}

export interface SiteHealth {
  database: Awaited<ReturnType<typeof readDatabaseHealth>>;
  redis: "ok" | "unavailable" | null;
  smtp: SmtpHealth;
  archiveGateway: "ok" | "unavailable" | null;
  /** The last finished `npm run backup`, or null when there has been none. */
  lastBackup: FinishedBackup | null;
}

export async function readSiteHealth(actor: SignedIn): Promise<SiteHealth> {
  await requireSiteAdmin(actor);
  const [database, redis, smtp, archiveGateway, lastBackup] = await Promise.all([
    readDatabaseHealth(HEALTH_TIMEOUT_MS),
    checkRedisHealth(HEALTH_TIMEOUT_MS),
    checkSmtp(),
    checkArchiveGateway(HEALTH_TIMEOUT_MS),
    findLastBackup(),
  ]);
  return { database, redis, smtp, archiveGateway, lastBackup };
}
