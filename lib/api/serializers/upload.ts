import "server-only";
import type { UploadRecord } from "@/lib/db/uploads";
import type { UploadFileDto } from "@/lib/schemas/upload-schemas";

/** Contract section 15's file record: the reference's "Attached file" with width, height and sha256. */
export function serializeUpload(row: UploadRecord): UploadFileDto {
  return {
    id: row.id,
    url: row.url,
    old_url: row.oldUrl,
    name: row.name,
    size: row.size,
    mime_type: row.mimeType,
    group_id: row.groupId,
    post_id: row.postId ?? 0,
    thread_id: row.threadId ?? 0,
    ipfs: row.ipfs,
    width: row.width,
    height: row.height,
    sha256: row.sha256 ?? "",
  };
}
