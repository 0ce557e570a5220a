"use client";

import dynamic from "next/dynamic";
import { useThreadViewer } from "@/components/threads/thread-reader";
import type { PollView } from "@/lib/views/poll-view";
import type { ThreadViewerView } from "@/lib/views/thread-view";

/**
 * The thread's polls, in a chunk of their own (with @dnd-kit for ranked ballots): rendered on the
 * server as usual, and fetched by the browser only on threads that carry a poll, or whose reader
 * may add one.
 */
const LazyThreadPolls = dynamic(() => import("./thread-polls").then((module) => module.ThreadPolls));

export interface ThreadPollsSlotProps {
  threadId: number;
  polls: PollView[];
  since: number;
  /** What the page was rendered with; a kept page learns the reader's own rights from the splice. */
  viewer: ThreadViewerView;
}

export function ThreadPollsSlot({ threadId, polls, since, viewer }: ThreadPollsSlotProps) {
  const canAdd = useThreadViewer(viewer).canEditThread;
  if (polls.length === 0 && !canAdd) return null;
  return <LazyThreadPolls threadId={threadId} polls={polls} since={since} canAdd={canAdd} />;
}
