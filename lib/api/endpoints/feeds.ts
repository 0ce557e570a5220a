import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeFeedItem } from "@/lib/api/serializers/feed-item";
import {
  DismissParamsSchema,
  DismissResponseSchema,
  FeedParamsSchema,
  FeedResponseSchema,
  GroupMuteParamsSchema,
  GroupMuteResponseSchema,
  ThreadMuteParamsSchema,
  ThreadMuteResponseSchema,
} from "@/lib/schemas/feed-schemas";
import { dismissFeed, listFeed, setGroupMuted, setThreadMuted } from "@/lib/services/feeds";

// GET /api/v2/feed
export const getFeed = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/feed",
    errors: ["not_found", "forbidden", "sign_in_required"],
    family: "v2",
    auth: "optional",
    tag: "Feeds",
    summary: "Threads across the groups you may read: latest, new, unread, top or hot",
    params: FeedParamsSchema,
    response: FeedResponseSchema,
    listKey: "threads",
  },
  async ({ params, viewer }) => {
    const actor = viewer ? { id: viewer.id } : null;
    const input = { filter: params.filter, period: params.period, groupId: params.group_id, tagId: params.tag_id, page: params.page, perPage: params.per_page };
    const entries = await listFeed(actor, input);
    const now = Date.now();
    return { threads: entries.map((entry) => serializeFeedItem(entry, actor, now)) };
  },
);

// POST /api/v2/feed/dismiss
export const dismissFeedEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/feed/dismiss",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "user",
    tag: "Feeds",
    summary: "Count every thread of your new or unread feed as read",
    params: DismissParamsSchema,
    response: DismissResponseSchema,
  },
  async ({ params, viewer }) => ({ dismissed: await dismissFeed(viewer, { filter: params.filter, groupId: params.group_id }) }),
);

// POST /api/v2/groups/{group_id}/mute
export const muteGroup = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/mute",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "user",
    tag: "Feeds",
    summary: "Mute a group (muted=1): its threads leave your feeds and stop notifying you of new posts",
    params: GroupMuteParamsSchema,
    response: GroupMuteResponseSchema,
  },
  async ({ params, viewer }) => ({ group_id: params.group_id, muted: (await setGroupMuted(viewer, params.group_id, params.muted === 1)) ? 1 : 0 }),
);

// POST /api/v2/threads/{thread_id}/mute
export const muteThread = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/mute",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "user",
    tag: "Feeds",
    summary: "Mute a thread (muted=1): it leaves your feeds and stops notifying you of new posts",
    params: ThreadMuteParamsSchema,
    response: ThreadMuteResponseSchema,
  },
  async ({ params, viewer }) => ({ thread_id: params.thread_id, muted: (await setThreadMuted(viewer, params.thread_id, params.muted === 1)) ? 1 : 0 }),
);
