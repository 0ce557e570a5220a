import { loadUnreadCount } from "@/lib/views/notification-view";
import { NotificationBell } from "./notification-bell";

/**
 * The bell with the unread count for a signed-in person (the layout's session says who, so no
 * second session read); nothing, and no query, for a guest.
 */
export async function NotificationBellSlot({ viewerId }: { viewerId: number | null }) {
  if (viewerId === null) return null;
  // The header is on every page: a failed count must not fail the page (the bell refetches later).
  const count = await loadUnreadCount({ id: viewerId }).catch(() => 0);
  return <NotificationBell initialCount={count} />;
}
