"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "@/components/live/use-live-events";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadNotificationMenuAction, loadUnreadCountAction } from "@/lib/actions/notification-actions";
import type { NotificationMenuView } from "@/lib/views/notification-view";

/**
 * The bell's unread count lives in this ONE query. To make it live, set it from an event stream
 * (`queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, event.unread_count)`) or invalidate it; every
 * control that reads or changes the count goes through this key.
 */
export const UNREAD_COUNT_QUERY_KEY = ["notifications", "unread-count"] as const;

/** The dropdown's latest notifications (invalidate it with the count when a notification arrives). */
export const NOTIFICATION_MENU_QUERY_KEY = ["notifications", "menu"] as const;

export function useUnreadCount(initialCount: number) {
  return useQuery({
    queryKey: UNREAD_COUNT_QUERY_KEY,
    queryFn: () => unwrapAction(() => loadUnreadCountAction({})),
    initialData: initialCount,
  });
}

const NOTIFICATION_EVENTS = ["notification"] as const;

/**
 * Keeps the count live from the tab's page stream (app/live/events): each event carries
 * the new unread count; an open dropdown refetches its list.
 */
export function useLiveUnreadCount(cursor: number | null): void {
  const queryClient = useQueryClient();
  useLiveEvents<{ unread_count?: unknown }>("notifications", cursor, NOTIFICATION_EVENTS, (event) => {
    const count = event.data.unread_count;
    if (typeof count === "number" && Number.isSafeInteger(count) && count >= 0) queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, count);
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_MENU_QUERY_KEY });
  });
}

export function useNotificationMenu(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<NotificationMenuView>({
    queryKey: NOTIFICATION_MENU_QUERY_KEY,
    queryFn: async () => {
      const menu = await unwrapAction(() => loadNotificationMenuAction({}));
      // The menu read the count too: one truth for the bell.
      queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, menu.unreadCount);
      return menu;
    },
    enabled,
    staleTime: 0,
  });
}

/** After marking read: the count the server answered, and the lists refetched. */
export function useSettleRead() {
  const queryClient = useQueryClient();
  return (unreadCount: number) => {
    queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, unreadCount);
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_MENU_QUERY_KEY });
  };
}
