import "server-only";
import { z } from "zod";
import { defineStreamEndpoint } from "@/lib/api/define-endpoint";
import { idParam, intParam, unsetWhenBlank } from "@/lib/schemas/params";
import { openNotificationEvents, openThreadEvents, readLastEventId } from "@/lib/services/live";

const lastEventIdParam = unsetWhenBlank(intParam({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional()).describe(
  "For clients that cannot send the Last-Event-ID header: the id of the last event received; what came after it is replayed first.",
);

const streamSubject = (viewer: { id: number } | null, client: string) => (viewer ? `user:${viewer.id}` : `guest:${client}`);

// GET /api/v2/threads/{thread_id}/events
export const threadEvents = defineStreamEndpoint(
  {
    method: "GET",
    path: "/api/v2/threads/{thread_id}/events",
    family: "v2",
    auth: "optional",
    tag: "Live",
    summary: "Follow a thread: post, edit, delete, like and poll events (server-sent events)",
    params: z.object({ thread_id: idParam(), last_event_id: lastEventIdParam }),
    response: z
      .object({
        post_id: z.number().int().optional(),
        poll_id: z.number().int().optional(),
        parent_id: z.number().int().nullable().optional(),
        total_likes: z.number().int().optional(),
        restored: z.boolean().optional(),
      })
      .describe(
        "One event's `data`: `post` and `delete` carry post_id and parent_id, `edit` post_id (restored: true when a deleted post came back), `like` post_id and total_likes, `poll` (a vote cast, changed or taken back) poll_id.",
      ),
    errors: ["not_found", "forbidden"],
  },
  ({ params, viewer, request, client }) =>
    openThreadEvents(viewer, params.thread_id, {
      lastEventId: readLastEventId(request.headers.get("last-event-id"), params.last_event_id),
      subject: streamSubject(viewer, client),
    }),
);

// GET /api/v2/notifications/stream
export const notificationStream = defineStreamEndpoint(
  {
    method: "GET",
    path: "/api/v2/notifications/stream",
    family: "v2",
    auth: "user",
    tag: "Live",
    summary: "Follow your notifications: notification events with the new unread_count (server-sent events)",
    params: z.object({ last_event_id: lastEventIdParam }),
    response: z
      .object({ notification_id: z.number().int().optional(), unread_count: z.number().int() })
      .passthrough()
      .describe("One `notification` event's `data`: the notification that changed and the new unread_count."),
  },
  ({ params, viewer, request, client }) =>
    openNotificationEvents(viewer, {
      lastEventId: readLastEventId(request.headers.get("last-event-id"), params.last_event_id),
      subject: streamSubject(viewer, client),
    }),
);
