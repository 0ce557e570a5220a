import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { ModlogRow } from "@/lib/db/modlog";
import type { ModlogEntrySchema } from "@/lib/schemas/moderation-schemas";

/** A modlog entry; `moderator` is null unless the reader is one of the group's moderators. */
export function serializeModlogEntry(entry: ModlogRow, moderatorsVisible: boolean): z.infer<typeof ModlogEntrySchema> {
  return {
    id: entry.id,
    action: entry.action,
    target_type: entry.targetType as z.infer<typeof ModlogEntrySchema>["target_type"],
    target_id: entry.targetId,
    reason: entry.reason,
    created_at: formatTimestamp(entry.createdAt),
    moderator: moderatorsVisible && entry.moderator ? { id: entry.moderator.id, username: entry.moderator.username } : null,
  };
}
