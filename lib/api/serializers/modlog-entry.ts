import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { ModlogRecord } from "@/lib/db/modlog";
import type { ModlogEntrySchema } from "@/lib/schemas/moderation-schemas";

/** A modlog entry; `moderator` is null unless the reader is one of the group's moderators. */
export function serializeModlogEntry(entry: ModlogRecord, moderatorsVisible: boolean): z.infer<typeof ModlogEntrySchema> {
  return {
    id: entry.id,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    reason: entry.reason,
    created_at: formatTimestamp(entry.createdAt),
    moderator: moderatorsVisible && entry.moderator ? { id: entry.moderator.id, username: entry.moderator.username } : null,
  };
}
