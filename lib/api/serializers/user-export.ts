import "server-only";
import { formatNullableTimestamp } from "@/lib/api/time";
import type { UserExportResponse } from "@/lib/schemas/user-export-schemas";
import { exportDownloadPath, type UserExportStatus } from "@/lib/services/user-exports";

/** An export's status on the wire: the download's absolute address on the origin the client called, "" when none. */
export function serializeUserExport(status: UserExportStatus, origin: string): UserExportResponse {
  return {
    status: status.state,
    url: status.fileKey ? origin + exportDownloadPath(status.fileKey) : "",
    expires_at: formatNullableTimestamp(status.expiresAt),
  };
}
