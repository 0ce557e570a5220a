import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { deletedByCode, flagCode } from "@/lib/db/records/codes";
import type { WalletPostRecord } from "@/lib/db/user-posts";
import type { WalletPostDto } from "@/lib/schemas/user-post-schemas";

/** Post in a user's post list (wallet lookup), /api family: ints throughout, 0 for "none". */
export function serializeWalletPost(row: WalletPostRecord): WalletPostDto {
  return {
    id: row.id,
    thread_id: row.threadId,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
    content: row.content,
    parent_id: row.parentId ?? -1,
    user_id: row.userId,
    nsfw: flagCode(row.nsfw),
    deleted: deletedByCode(row.deletedBy),
    sign: row.sign,
    deleted_by: row.deletedById ?? 0,
    group_id: row.groupId,
    archive_id: row.archiveId,
    reply_uid: row.replyUid,
    category_id: row.thread.categoryId ?? 0,
    category_name: row.thread.category?.name ?? "",
    total_likes: row.likesCount,
    total_report: row.reportCount,
  };
}
