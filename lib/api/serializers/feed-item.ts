import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { serializeThreadListRow } from "@/lib/api/serializers/thread-list-item";
import { canSeeDeletedContentAs, type Actor } from "@/lib/auth/permissions";
import type { FeedItemDto } from "@/lib/schemas/feed-schemas";
import type { FeedEntry } from "@/lib/services/feeds";

/** A feed's thread (contract section 17): the list item plus its group, its times and the reader's read state. */
export function serializeFeedItem(entry: FeedEntry, actor: Actor, now = Date.now()): FeedItemDto {
  // A feed spans groups: a deleted opening post's words show to its author only.
  const showDeleted = entry.firstPost !== null && canSeeDeletedContentAs(actor, entry.firstPost, false);
  return {
    ...serializeThreadListRow(entry, showDeleted, now),
    group: { id: entry.group.id, name: entry.group.name, title: entry.group.title, logo: entry.group.logo },
    created_at: formatTimestamp(entry.thread.createdAt),
    last_posted_at: formatTimestamp(entry.thread.lastActivityAt),
    unread_count: entry.read.unreadCount,
    last_read_post_id: entry.read.lastReadPostId,
  };
}
