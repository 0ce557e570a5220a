import { loadUnreadCount } from "@/lib/views/notification-view";
import { getLiveCursor } from "@/lib/views/page-data";
import { NotificationBell, SplicedNotificationBell } from "./notification-bell";

/**
 * The bell with the unread count for a signed-in person (the layout's session says who, so no
 * second session read); no query for a guest, or in a kept page's render, whose signed-in
 * reader's count comes spliced into the page.
 */
export async function NotificationBellSlot({ viewerId }: { viewerId: number | null }) {
  if (viewerId === null) return <SplicedNotificationBell />;
  // The header is on every page: a failed count must not fail the page (the bell refetches later).
  // The stream's cursor is read before the count, so a notification between the two is replayed.
  const cursor = await getLiveCursor().catch(() => null);
  const count = await loadUnreadCount({ id: viewerId }).catch(() => 0);
  return <NotificationBell initialCount={count} liveCursor={cursor} />;
}
