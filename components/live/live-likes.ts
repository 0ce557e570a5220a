"use client";

import { useEffect } from "react";

// Like totals that arrive over a thread's live stream (components/live/thread-live.tsx), handed to
// the like buttons of the posts on the page, however they were rendered (server or live list).
const EVENT = "agora:live-likes";

interface LiveLikes {
  postId: number;
  totalLikes: number;
}

export function announceLikes(postId: number, totalLikes: number): void {
  window.dispatchEvent(new CustomEvent<LiveLikes>(EVENT, { detail: { postId, totalLikes } }));
}

/** Calls `onTotal` with each new like total of this post. */
export function useLiveLikes(postId: number, onTotal: (totalLikes: number) => void): void {
  useEffect(() => {
    const listener = (event: Event) => {
      const { detail } = event as CustomEvent<LiveLikes>;
      if (detail.postId === postId) onTotal(detail.totalLikes);
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [postId, onTotal]);
}
