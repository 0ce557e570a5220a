"use client";

import { MuteButton } from "@/components/feeds/mute-button";
import { FollowButton } from "@/components/threads/follow-button";
import { useShowReply, useThreadSplice, useThreadViewer } from "@/components/threads/thread-reader";
import { ThreadNotices } from "@/components/threads/thread-notices";
import { ThreadTools } from "@/components/threads/thread-tools";
import type { ThreadToolsPanelProps } from "@/components/threads/thread-tools-panel";
import { EmptyState } from "@/components/ui/empty-state";
import type { ThreadNoticeView, ThreadViewerView } from "@/lib/views/thread-view";

// The thread page's controls that depend on who reads it (components/threads/thread-reader.tsx
// says whose state they show).

export interface ThreadHeaderControlsProps {
  threadId: number;
  isDeleted: boolean;
  /** What the reader may do, as the page was rendered. */
  viewer: ThreadViewerView;
  tools: Omit<ThreadToolsPanelProps, "onClose" | "canModerate" | "canEdit" | "canDelete">;
}

/** Follow and Mute, and the thread tools for its author and the group's moderators. */
export function ThreadHeaderControls({ threadId, isDeleted, viewer: rendered, tools }: ThreadHeaderControlsProps) {
  const viewer = useThreadViewer(rendered);
  const hasTools = viewer.canModerate || viewer.canEditThread || viewer.canDeleteThread;
  return (
    <>
      {viewer.signedIn && !isDeleted ? (
        <div className="thread-reader-buttons">
          <FollowButton threadId={threadId} subscribed={viewer.subscribed} />
          <MuteButton kind="thread" id={threadId} muted={viewer.muted} />
        </div>
      ) : null}
      {hasTools ? <ThreadTools {...tools} canModerate={viewer.canModerate} canEdit={viewer.canEditThread} canDelete={viewer.canDeleteThread} /> : null}
    </>
  );
}

/** Why the reader cannot reply, or what state the thread is in. */
export function ThreadReaderNotices({ notices }: { notices: ThreadNoticeView[] }) {
  const splice = useThreadSplice();
  return <ThreadNotices notices={splice ? splice.viewer.notices : notices} />;
}

/** A thread without replies, inviting the reader to write the first where they may. */
export function NoRepliesYet({ showReply: rendered }: { showReply: boolean }) {
  const showReply = useShowReply(rendered);
  return <EmptyState title="No replies yet">{showReply ? <p>Be the first to answer: use Reply under the opening post.</p> : null}</EmptyState>;
}
