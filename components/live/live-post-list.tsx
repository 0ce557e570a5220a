"use client";

import { PostTree } from "@/components/posts/post-tree";
import type { PostView } from "@/lib/views/post-view";

export interface LivePostListProps {
  posts: PostView[];
  threadId: number;
  groupName: string;
  showReply: boolean;
}

/** Replies that arrived live and the reader asked to see, in the order they were written. */
export function LivePostList(props: LivePostListProps) {
  return <PostTree {...props} />;
}
