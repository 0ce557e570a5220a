"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PostTree } from "@/components/posts/post-tree";
import { QueryProvider } from "@/components/providers/query-provider";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadNextThreadPage } from "@/lib/actions/thread-actions";
import type { PostPageView } from "@/lib/views/post-view";
import { LoadMoreBar } from "./load-more-bar";
import type { LoadMorePostsProps } from "./load-more-posts";

export type MorePostsFeedProps = Omit<LoadMorePostsProps, "startPostId"> & { startPostId: number };

function MorePosts({ threadId, groupName, sort, pageSize, startPostId, showReply }: MorePostsFeedProps) {
  // The reader clicked "Load more" to mount this, so that cursor's first page loads at once. When a
  // refresh moves where the server's first page ends, the new cursor waits for the next click.
  const [requestedStart] = useState(startPostId);
  const query = useInfiniteQuery({
    // The cursor is part of the key: after a new reply the first page ends elsewhere.
    queryKey: ["thread-posts", threadId, sort, pageSize, startPostId],
    queryFn: ({ pageParam }) => unwrapAction(() => loadNextThreadPage({ threadId, groupName, sort, pageSize, startPostId: pageParam })),
    initialPageParam: startPostId,
    getNextPageParam: (lastPage: PostPageView) => lastPage.nextCursor ?? undefined,
    enabled: startPostId === requestedStart,
    staleTime: Infinity,
  });

  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((page) => page.posts);
  return (
    <>
      {posts.length > 0 ? <PostTree posts={posts} threadId={threadId} groupName={groupName} showReply={showReply} /> : null}
      <LoadMoreBar busy={query.isFetching} failed={query.isError} hasMore={pages.length === 0 || query.hasNextPage} onLoad={() => void query.fetchNextPage()} />
    </>
  );
}

/**
 * The posts after the server-rendered first page, fetched page by page through a server action
 * that already rendered the bodies to safe HTML. Loaded (with react-query) on the first click.
 */
export function MorePostsFeed(props: MorePostsFeedProps) {
  return (
    <QueryProvider>
      <MorePosts {...props} />
    </QueryProvider>
  );
}
