import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { countPages } from "@/lib/db/pagination";
import type { ThreadLink } from "@/lib/db/threads";
import { uploadPath, type UploadRecord } from "@/lib/db/uploads";
import { listMyUploadsWithThreads } from "@/lib/services/uploads";

export const UPLOADS_PER_PAGE = 20;

/** What an upload is for: the post it is attached to, a picture of a profile or group, or nothing yet. */
export type UploadUseView = { kind: "post"; href: string | null; label: string } | { kind: "picture"; label: string } | { kind: "unattached" };

/** One row of "Your uploads". */
export interface MyUploadView {
  id: number;
  name: string;
  /** Bytes. */
  size: number;
  mimeType: string;
  /** The path it is served at (/uploads/...). */
  path: string;
  /** Images carry their pixel size, so the thumbnail is laid out before it loads. */
  image: { width: number; height: number } | null;
  createdAt: Date;
  use: UploadUseView;
}

export interface MyUploadsPageView {
  uploads: MyUploadView[];
  count: number;
  page: number;
  totalPages: number;
}

function describePicture(row: UploadRecord): string {
  if (row.purpose === "avatar") return "avatar";
  if (row.purpose === "logo") return "group logo";
  return row.groupId > 0 ? "group cover" : "profile cover";
}

function describeUse(row: UploadRecord, threads: ReadonlyMap<number, ThreadLink>): UploadUseView {
  if (row.purpose !== "post") return { kind: "picture", label: describePicture(row) };
  if (row.postId === null || row.threadId === null) return { kind: "unattached" };
  const thread = threads.get(row.threadId);
  if (!thread || thread.deleted) return { kind: "post", href: null, label: "a post in a deleted thread" };
  const where = `“${thread.title}”`;
  const label = thread.firstPostId === row.postId ? `the opening post of ${where}` : `a reply in ${where}`;
  return { kind: "post", href: `/g/${thread.groupName}/t/${thread.id}/${thread.slug || "thread"}#post-${row.postId}`, label };
}

function toMyUploadView(row: UploadRecord & { sha256: string }, threads: ReadonlyMap<number, ThreadLink>): MyUploadView {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    mimeType: row.mimeType,
    path: uploadPath(row.id, row.sha256, row.ext),
    image: row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null,
    createdAt: row.createdAt,
    use: describeUse(row, threads),
  };
}

/** A page of the signed-in person's uploads, newest first. */
export async function loadMyUploadsPage(viewer: SignedIn, page: number): Promise<MyUploadsPageView> {
  const { rows, count, threads } = await listMyUploadsWithThreads(viewer, page, UPLOADS_PER_PAGE);
  const byId = new Map(threads.map((thread) => [thread.id, thread]));
  // The list leaves out deleted uploads, so every row still names its content.
  const live = rows.filter((row): row is UploadRecord & { sha256: string } => row.sha256 !== null);
  return { uploads: live.map((row) => toMyUploadView(row, byId)), count, page, totalPages: countPages(count, UPLOADS_PER_PAGE) };
}
