import { z } from "zod";
import { flagParam } from "@/lib/schemas/moderation-schemas";
import { idParam, intParam, pageParam, unsetWhenBlank } from "@/lib/schemas/params";
import { ThreadListItemSchema } from "@/lib/schemas/thread-list-schemas";

export const FEED_FILTERS = ["latest", "new", "unread", "top", "hot"] as const;
export const FEED_PERIODS = ["day", "week", "month", "year", "all"] as const;
export const DISMISS_FILTERS = ["new", "unread"] as const;
export type FeedFilterName = (typeof FEED_FILTERS)[number];
export type FeedPeriodName = (typeof FEED_PERIODS)[number];

const optionalId = () => unsetWhenBlank(intParam({ min: 0 }).default(0));

/** GET /api/v2/feed (contract section 17). */
export const FeedParamsSchema = z.object({
  filter: unsetWhenBlank(z.enum(FEED_FILTERS, { error: `must be one of ${FEED_FILTERS.join(", ")}` }).default("latest")),
  period: unsetWhenBlank(z.enum(FEED_PERIODS, { error: `must be one of ${FEED_PERIODS.join(", ")}` }).default("week")),
  group_id: optionalId(),
  tag_id: optionalId(),
  page: pageParam(),
  per_page: unsetWhenBlank(intParam({ min: 1, max: 50 }).default(20)),
});

/** A feed's thread: the reference's list item plus its group, times and the reader's read state. */
export const FeedItemSchema = ThreadListItemSchema.extend({
  group: z.strictObject({ id: z.number().int(), name: z.string(), title: z.string(), logo: z.string() }),
  created_at: z.string(),
  last_posted_at: z.string(),
  unread_count: z.number().int(),
  last_read_post_id: z.number().int(),
});

export type FeedItemDto = z.infer<typeof FeedItemSchema>;

export const FeedResponseSchema = z.strictObject({ threads: z.array(FeedItemSchema) });

export const DismissParamsSchema = z.object({
  filter: z.enum(DISMISS_FILTERS, { error: `must be one of ${DISMISS_FILTERS.join(", ")}` }),
  group_id: optionalId(),
});
export const DismissResponseSchema = z.strictObject({ dismissed: z.number().int() });

export const GroupMuteParamsSchema = z.object({ group_id: idParam(), muted: flagParam() });
export const GroupMuteResponseSchema = z.strictObject({ group_id: z.number().int(), muted: z.number().int() });
export const ThreadMuteParamsSchema = z.object({ thread_id: idParam(), muted: flagParam() });
export const ThreadMuteResponseSchema = z.strictObject({ thread_id: z.number().int(), muted: z.number().int() });
