import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { exportDownloadPath, getUserExportStatus, type UserExportState, type UserExportStatus } from "@/lib/services/user-exports";

/** The settings page's "Download my data" section: the person's latest export. */
export interface DataExportView {
  state: UserExportState;
  /** The zip's address on this site while ready (the session authorizes it), else null. */
  downloadPath: string | null;
  /** ISO times; null where the state has none. */
  requestedAt: string | null;
  expiresAt: string | null;
  /** The zip's size in bytes while ready. */
  size: number | null;
}

export function toDataExportView(status: UserExportStatus): DataExportView {
  return {
    state: status.state,
    downloadPath: status.fileKey ? exportDownloadPath(status.fileKey) : null,
    requestedAt: status.requestedAt?.toISOString() ?? null,
    expiresAt: status.expiresAt?.toISOString() ?? null,
    size: status.size,
  };
}

export async function loadDataExport(actor: SignedIn): Promise<DataExportView> {
  return toDataExportView(await getUserExportStatus(actor));
}
