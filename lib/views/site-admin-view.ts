import "server-only";
import { notFound } from "next/navigation";
import type { ApiKeyRecord } from "@/lib/db/api-keys";
import { formatBytes } from "@/lib/format/bytes";
import type { SiteGroupRow, SiteUserRow } from "@/lib/db/site-directory";
import { isSiteAdmin } from "@/lib/services/site-admin";
import {
  DIRECTORY_PAGE_SIZE,
  listSiteApiKeys,
  listSiteGroups,
  listSiteUsers,
  readJobsOverview,
  readSiteHealth,
  type JobsOverview,
} from "@/lib/services/site-admin-pages";
import { getViewer, type Viewer } from "@/lib/session/session";

// The /admin pages' models (contract section 20). Anyone but a site admin gets the 404 page: the
// pages do not even admit they exist.

export type { JobsOverview, SiteGroupRow, SiteUserRow };

/** The signed-in site admin, or the not-found page. */
export async function requireSiteAdminPage(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer || !(await isSiteAdmin(viewer))) notFound();
  return viewer;
}

export interface DirectoryView<T> {
  rows: T[];
  total: number;
  totalPages: number;
}

function pages(total: number): number {
  return Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
}

export async function loadAdminUsers(viewer: Viewer, query: string, page: number): Promise<DirectoryView<SiteUserRow>> {
  const { rows, total } = await listSiteUsers(viewer, query, page);
  return { rows, total, totalPages: pages(total) };
}

export async function loadAdminGroups(viewer: Viewer, query: string, page: number): Promise<DirectoryView<SiteGroupRow>> {
  const { rows, total } = await listSiteGroups(viewer, query, page);
  return { rows, total, totalPages: pages(total) };
}

export type ApiKeyView = ApiKeyRecord;

export function loadAdminApiKeys(viewer: Viewer): Promise<ApiKeyView[]> {
  return listSiteApiKeys(viewer);
}

export function loadAdminJobs(viewer: Viewer): Promise<JobsOverview> {
  return readJobsOverview(viewer);
}

/** The health page's rows: what each service answered, or why it is not there. */
export async function loadAdminHealth(viewer: Viewer): Promise<[string, string][]> {
  const { database, redis, smtp, archiveGateway, lastBackup } = await readSiteHealth(viewer);
  const { migrations, replica } = database;
  return [
    ["Database", database.database],
    ["Migrations", migrations ? `${migrations.status} (${migrations.applied} applied, ${migrations.pending} pending)` : "unknown"],
    ["Read replica", replica ? `${replica.status}${replica.lag_ms === null ? "" : `, ${replica.lag_ms} ms behind`}` : "not configured"],
    ["Redis", redis ?? "not configured"],
    ["SMTP (email)", smtp ?? "not configured: no email is sent"],
    ["Archive gateway (Arweave)", archiveGateway ?? "not configured: archiving is off"],
    [
      "Last backup",
      lastBackup
        ? `${lastBackup.finishedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${formatBytes(lastBackup.sizeBytes)} (${lastBackup.fileName})`
        : "none yet (npm run backup -- <file>)",
    ],
  ];
}

/** The search box's text, as much of it as a search takes. */
export function readAdminQuery(value: string | string[] | undefined): string {
  return typeof value === "string" ? value.slice(0, 100) : "";
}
