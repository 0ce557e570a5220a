"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { markMyNotificationsRead } from "@/lib/services/notifications";
import { setThreadSubscription } from "@/lib/services/subscriptions";
import { loadNotificationMenu, loadUnreadCount } from "@/lib/views/notification-view";

const FollowInput = z.object({ threadId: z.number().int().positive(), subscribed: z.boolean() });

/** The Follow / Unfollow button, through the same use case as the API; answers the new state. */
export const setThreadFollowAction = defineAction({ name: "setThreadFollow", auth: "user", input: FollowInput }, async ({ viewer, input }) =>
  setThreadSubscription(viewer, input.threadId, input.subscribed),
);

/** The bell's unread count (its one react-query query, components/notifications/unread-query.ts). */
export const loadUnreadCountAction = defineAction({ name: "loadUnreadCount", auth: "user", input: z.object({}) }, async ({ viewer }) =>
  loadUnreadCount(viewer),
);

/** The bell's dropdown. */
export const loadNotificationMenuAction = defineAction({ name: "loadNotificationMenu", auth: "user", input: z.object({}) }, async ({ viewer }) =>
  loadNotificationMenu(viewer),
);

const ReadInput = z.union([z.object({ all: z.literal(true) }), z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) })]);

/** Marks one, several or all of the viewer's notifications read; answers the unread count left. */
export const markNotificationsReadAction = defineAction({ name: "markNotificationsRead", auth: "user", input: ReadInput }, async ({ viewer, input }) =>
  markMyNotificationsRead(viewer, "all" in input ? "all" : { ids: input.ids }),
);
