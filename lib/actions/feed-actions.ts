"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { DISMISS_FILTERS } from "@/lib/schemas/feed-schemas";
import { dismissFeed, setGroupMuted, setThreadMuted } from "@/lib/services/feeds";
import { loadFeedCounts } from "@/lib/views/feed-view";

/** The New and Unread tabs' counts, loaded once the home page is interactive (the kept page shows none). */
export const loadFeedCountsAction = defineAction({ name: "loadFeedCounts", auth: "user", input: z.object({}) }, async ({ viewer }) => loadFeedCounts(viewer));

const DismissInput = z.object({ filter: z.enum(DISMISS_FILTERS) });

/** Dismiss on the New and Unread tabs, through the same use case as the API; answers how many threads. */
export const dismissFeedAction = defineAction({ name: "dismissFeed", auth: "user", input: DismissInput }, async ({ viewer, input }) =>
  dismissFeed(viewer, { filter: input.filter, groupId: 0 }),
);

const MuteInput = z.object({ kind: z.enum(["thread", "group"]), id: z.number().int().positive(), muted: z.boolean() });

/** Mute / Unmute on a thread or group page; answers the new state. */
export const setMuteAction = defineAction({ name: "setMute", auth: "user", input: MuteInput }, async ({ viewer, input }) =>
  input.kind === "thread" ? setThreadMuted(viewer, input.id, input.muted) : setGroupMuted(viewer, input.id, input.muted),
);
