import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { NotificationRecord } from "@/lib/db/notifications";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";

/**
 * A notification on the wire (contract section 13). `post_id` and `actor` are the latest of the
 * grouped events, `count` how many there are; `created_at` is when the latest one happened.
 */
export function serializeNotification(record: NotificationRecord): NotificationDto {
  return {
    id: record.id,
    type: record.type,
    thread_id: record.threadId,
    post_id: record.postId,
    group_id: record.groupId,
    actor: record.actor ? { id: record.actor.id, username: record.actor.username, photo_url: record.actor.photoUrl } : null,
    count: record.count,
    read: record.read,
    created_at: formatTimestamp(record.updatedAt),
  };
}
