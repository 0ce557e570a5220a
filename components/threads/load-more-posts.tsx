"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { PostSort } from "@/lib/views/post-view";
import { LoadMoreBar } from "./load-more-bar";
import { useShowReply } from "./thread-reader";

// The fetching (react-query, the post tree's client code) loads with the first click, not with the page.
const MorePostsFeed = dynamic(() => import("./more-posts-feed").then((module) => module.MorePostsFeed), {
  ssr: false,
  loading: () => <LoadMoreBar busy />,
});

export interface LoadMorePostsProps {
  threadId: number;
  groupName: string;
  /** Whether Reply is offered under the loaded posts (see ThreadViewerView.showReply). */
  showReply: boolean;
  sort: PostSort;
  pageSize: number;
  /** The last top-level post the server rendered; null when it rendered them all. */
  startPostId: number | null;
}

/** "Load more replies" under the server-rendered first page; nothing is fetched until the reader asks. */
export function LoadMorePosts({ startPostId, showReply: renderedShowReply, ...props }: LoadMorePostsProps) {
  const [started, setStarted] = useState(false);
  const showReply = useShowReply(renderedShowReply);
  if (startPostId === null) return null;
  if (started) return <MorePostsFeed {...props} showReply={showReply} startPostId={startPostId} />;
  return <LoadMoreBar onLoad={() => setStarted(true)} />;
}
