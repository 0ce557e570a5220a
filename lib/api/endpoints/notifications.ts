import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeNotification } from "@/lib/api/serializers/notification";
import {
  MarkReadParamsSchema,
  MarkReadResponseSchema,
  NotificationListParamsSchema,
  NotificationListResponseSchema,
  SubscribeParamsSchema,
  SubscribeResponseSchema,
  splitNotificationIds,
} from "@/lib/schemas/notification-schemas";
import { listMyNotifications, markMyNotificationsRead } from "@/lib/services/notifications";
import { setThreadSubscription } from "@/lib/services/subscriptions";

// POST /api/v2/threads/{thread_id}/subscribe
export const subscribeThread = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/subscribe",
    family: "v2",
    auth: "user",
    tag: "Notifications",
    summary: "Follow a thread (subscribe=1) or stop following it (0)",
    params: SubscribeParamsSchema,
    response: SubscribeResponseSchema,
    errors: ["not_found"],
  },
  async ({ params, viewer }) => ({ is_subscribe: await setThreadSubscription(viewer, params.thread_id, params.subscribe === 1) }),
);

// GET /api/v2/notifications
export const getNotifications = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/notifications",
    family: "v2",
    auth: "user",
    tag: "Notifications",
    summary: "The signed-in user's notifications, newest first, and the unread count",
    params: NotificationListParamsSchema,
    response: NotificationListResponseSchema,
    listKey: "notifications",
  },
  async ({ params, viewer }) => {
    const page = await listMyNotifications(viewer, { unreadOnly: params.unread === 1, page: params.page, perPage: params.per_page });
    return { notifications: page.notifications.map(serializeNotification), unread_count: page.unreadCount };
  },
);

// POST /api/v2/notifications/read
export const markNotificationsRead = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/notifications/read",
    family: "v2",
    auth: "user",
    tag: "Notifications",
    summary: "Mark notifications read: ids (comma-separated) or all=1",
    params: MarkReadParamsSchema,
    response: MarkReadResponseSchema,
  },
  async ({ params, viewer }) => {
    const which = params.all === 1 || params.ids === undefined ? "all" : { ids: splitNotificationIds(params.ids) };
    return { unread_count: await markMyNotificationsRead(viewer, which) };
  },
);
