"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { PostTree } from "@/components/posts/post-tree";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadNextThreadPage } from "@/lib/actions/thread-actions";
import type { PostPageView, PostSort } from "@/lib/views/post-view";
import "./threads.css";

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

/**
 * The posts after the server-rendered first page. Nothing is fetched until the reader asks;
 * each page comes from a server action that already rendered the bodies to safe HTML.
 */
export function LoadMorePosts({ threadId, groupName, sort, pageSize, startPostId, showReply }: LoadMorePostsProps) {
  const query = useInfiniteQuery({
    // The cursor is part of the key: after a new reply the first page ends elsewhere.
    queryKey: ["thread-posts", threadId, sort, pageSize, startPostId],
    queryFn: ({ pageParam }) => unwrapAction(() => loadNextThreadPage({ threadId, groupName, sort, pageSize, startPostId: pageParam })),
    initialPageParam: startPostId ?? 0,
    getNextPageParam: (lastPage: PostPageView) => lastPage.nextCursor ?? undefined,
    enabled: false,
    staleTime: Infinity,
  });

  if (startPostId === null) return null;
  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((page) => page.posts);
  const hasMore = pages.length === 0 || query.hasNextPage;
  const busy = query.isFetching;

  return (
    <>
      {posts.length > 0 ? <PostTree posts={posts} threadId={threadId} groupName={groupName} showReply={showReply} /> : null}
      <div className="load-more" aria-live="polite">
        {query.isError ? (
          <p className="load-more__error" role="alert">
            Could not load more posts. Check your connection and try again.
          </p>
        ) : null}
        {hasMore ? (
          <button type="button" className="button button--secondary" onClick={() => void query.fetchNextPage()} disabled={busy} aria-busy={busy}>
            {busy ? "Loading…" : query.isError ? "Try again" : "Load more replies"}
          </button>
        ) : (
          <p className="load-more__end">You have reached the end of this thread.</p>
        )}
      </div>
    </>
  );
}
