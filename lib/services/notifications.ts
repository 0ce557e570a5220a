import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { countUnread, listNotifications, markRead, readBellState, type NotificationRecord } from "@/lib/db/notifications";
import { toPageWindow } from "@/lib/db/pagination";

export interface NotificationPage {
  notifications: NotificationRecord[];
  unreadCount: number;
}

/** Contract section 13: a page of the actor's own notifications, newest first, with their unread count. */
export async function listMyNotifications(actor: SignedIn, query: { unreadOnly: boolean; page: number; perPage: number }): Promise<NotificationPage> {
  const window = toPageWindow(query.page, query.perPage);
  const [notifications, unreadCount] = await Promise.all([
    listNotifications(actor.id, { unreadOnly: query.unreadOnly, offset: window.skip, limit: window.take }),
    countUnread(actor.id),
  ]);
  return { notifications, unreadCount };
}

/** The actor's unread count alone (the bell). */
export function countMyUnread(actor: SignedIn): Promise<number> {
  return countUnread(actor.id);
}

/** The actor's unread count with the live-event id a page's stream replays from, read together. */
export function readMyBell(actor: SignedIn): Promise<{ cursor: number; unread: number }> {
  return readBellState(actor.id);
}

/** Marks some (ids of other people's notifications match nothing) or all of the actor's notifications read; answers what stays unread. */
export function markMyNotificationsRead(actor: SignedIn, which: { ids: readonly number[] } | "all"): Promise<number> {
  return markRead(actor.id, which);
}
