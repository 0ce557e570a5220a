import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { BanSchema } from "@/lib/schemas/moderation-schemas";
import type { BanRecord } from "@/lib/services/bans";

export function serializeBan(ban: BanRecord): z.infer<typeof BanSchema> {
  return { user_id: ban.userId, reason: ban.reason, until: ban.until ? formatTimestamp(ban.until) : null };
}
