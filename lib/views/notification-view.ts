import "server-only";
import { notificationPath, summariseNotification } from "@/lib/schemas/notification-text";
import type { SignedIn } from "@/lib/auth/permissions";
import type { NotificationRecord, NotificationType } from "@/lib/db/notifications";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { countMyUnread, listMyNotifications, readMyBell } from "@/lib/services/notifications";

/** One notification as the bell and the notifications page show it. */
export interface NotificationItemView {
  id: number;
  type: NotificationType;
  read: boolean;
  count: number;
  /** "bob replied to you", or "3 replies to you, latest by bob". */
  summary: string;
  threadTitle: string;
  /** The latest post of the notification, in its thread. */
  href: string;
  actor: { id: number; username: string; photoUrl: string };
  /** ISO time of the latest event. */
  at: string;
}

export interface NotificationMenuView {
  unreadCount: number;
  items: NotificationItemView[];
}

export interface NotificationsPageView extends NotificationMenuView {
  page: number;
  hasMore: boolean;
}

export const MENU_SIZE = 8;
export const NOTIFICATIONS_PER_PAGE = 20;

// A reminder has no actor: the bell shows it under this name.
const REMINDER_ACTOR = { id: 0, username: "Reminder", photoUrl: "" };
// And a badge a rule or the token sweep granted, under this one.
const BADGE_ACTOR = { id: 0, username: "Badges", photoUrl: "" };

function toNotificationItemView(record: NotificationRecord): NotificationItemView {
  const href = notificationPath({
    type: record.type,
    groupName: record.thread.groupName,
    threadId: record.threadId,
    slug: record.thread.slug,
    postId: record.postId,
  });
  return {
    id: record.id,
    type: record.type,
    read: record.read,
    count: record.count,
    summary: summariseNotification(record.type, record.count, record.type === "badge" && !record.actor ? "" : record.actor?.username || "someone"),
    threadTitle: record.thread.title,
    href,
    actor: record.actor
      ? { id: record.actor.id, username: record.actor.username, photoUrl: proxyImageUrl(record.actor.photoUrl) }
      : record.type === "badge"
        ? BADGE_ACTOR
        : REMINDER_ACTOR,
    at: record.updatedAt.toISOString(),
  };
}

/** The bell's dropdown: the latest few and the unread count. */
export async function loadNotificationMenu(viewer: SignedIn): Promise<NotificationMenuView> {
  const page = await listMyNotifications(viewer, { unreadOnly: false, page: 1, perPage: MENU_SIZE });
  return { unreadCount: page.unreadCount, items: page.notifications.map(toNotificationItemView) };
}

/** A page of the notifications page; one extra row tells whether an older page exists. */
export async function loadNotificationsPage(viewer: SignedIn, page: number): Promise<NotificationsPageView> {
  const { notifications, unreadCount } = await listMyNotifications(viewer, { unreadOnly: false, page, perPage: NOTIFICATIONS_PER_PAGE });
  // Asking for the next page's first row separately keeps the page window the API's.
  const next =
    notifications.length === NOTIFICATIONS_PER_PAGE
      ? await listMyNotifications(viewer, { unreadOnly: false, page: page * NOTIFICATIONS_PER_PAGE + 1, perPage: 1 })
      : null;
  return { unreadCount, items: notifications.map(toNotificationItemView), page, hasMore: (next?.notifications.length ?? 0) > 0 };
}

/** The bell's count alone. */
export function loadUnreadCount(viewer: SignedIn): Promise<number> {
  return countMyUnread(viewer);
}

/** The header bell's count and the live-event id its stream replays from, in one read. */
export async function loadBell(viewer: SignedIn): Promise<{ count: number; cursor: number }> {
  const { cursor, unread } = await readMyBell(viewer);
  return { count: unread, cursor };
}
