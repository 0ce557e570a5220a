"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { useShowReply } from "@/components/threads/thread-reader";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadLivePostsAction } from "@/lib/actions/thread-actions";
import type { PostView } from "@/lib/views/post-view";
import { announceLikes } from "./live-likes";
import { patchRenderedPost } from "./patch-post";
import { useLiveEvents, type LiveMessage } from "./use-live-events";
import "./live.css";

export interface ThreadLiveProps {
  threadId: number;
  groupName: string;
  showReply: boolean;
  /** The posts the server rendered on this page (they change after a refresh): never shown twice. */
  renderedPostIds: number[];
  /** The page lists the newest replies first (sort=new): live ones go above the others, newest on top. */
  newestFirst: boolean;
  /** The newest live event when the page was rendered: the stream replays what came after it. */
  since: number;
}

type ThreadEventData = { post_id: number; total_likes?: number };
const TYPES = ["post", "edit", "delete", "like"] as const;
const MAX_PER_FETCH = 50;

// The rendering of live replies (the post tree's client code) loads with the first "Show", not with the page.
const LivePostList = dynamic(() => import("./live-post-list").then((module) => module.LivePostList), { ssr: false });
const load = (threadId: number, postIds: number[]) => unwrapAction(() => loadLivePostsAction({ threadId, postIds }));

/**
 * A thread page following its thread live: new replies wait behind a "N new replies — Show" bar
 * and are added to the replies when the reader asks (never under their eyes; added above the
 * viewport, the browser's scroll anchoring keeps what the reader looks at in place), and edits
 * and deletions replace the post where it stands; like totals update the like buttons.
 */
export function ThreadLive({ threadId, groupName, showReply: renderedShowReply, newestFirst, renderedPostIds, since }: ThreadLiveProps) {
  const showReply = useShowReply(renderedShowReply);
  const router = useRouter();
  const [pending, setPending] = useState<number[]>([]);
  const [shown, setShown] = useState<PostView[]>([]);
  const [busy, setBusy] = useState(false);
  // Post ids announced or shown already, and those shown by this component (React state, not server output).
  const known = useRef(new Set<number>());
  const shownIds = useRef(new Set<number>());
  const rendered = new Set(renderedPostIds);

  const onEvent = useCallback(
    (message: LiveMessage<ThreadEventData>) => {
      const postId = message.data.post_id;
      if (message.type === "post") {
        if (known.current.has(postId) || document.getElementById(`post-${postId}`)) return;
        known.current.add(postId);
        setPending((ids) => [...ids, postId]);
        return;
      }
      if (message.type === "like") {
        if (typeof message.data.total_likes === "number") announceLikes(postId, message.data.total_likes);
        return;
      }
      // An edit or deletion of a post on screen: fetch it as this reader sees it and replace it.
      if (!document.getElementById(`post-${postId}`)) return;
      void load(threadId, [postId]).then(
        ([post]) => {
          if (!post) return;
          // A shown reply is React state here, and may also be in the server's output after a refresh.
          if (shownIds.current.has(post.id)) setShown((posts) => posts.map((candidate) => (candidate.id === post.id ? post : candidate)));
          if (!patchRenderedPost(post)) router.refresh();
        },
        () => undefined,
      );
    },
    [threadId, router],
  );
  useLiveEvents<ThreadEventData>({ thread: threadId }, since, TYPES, onEvent);

  // A post announced before a refresh rendered it (the reader's own reply) waits no more.
  const waiting = pending.filter((id) => !rendered.has(id));
  const show = async () => {
    const batch = waiting.slice(0, MAX_PER_FETCH);
    setBusy(true);
    try {
      const posts = await load(threadId, batch);
      for (const post of posts) shownIds.current.add(post.id);
      setShown((current) => (newestFirst ? [...posts.reverse(), ...current] : [...current, ...posts]));
      setPending((ids) => ids.filter((id) => !batch.includes(id) && !rendered.has(id)));
    } catch {
      // Left waiting: the bar stays and the reader can try again.
    } finally {
      setBusy(false);
    }
  };

  const visible = shown.filter((post) => !rendered.has(post.id));
  const count = waiting.length;
  return (
    <>
      <div className="live-posts" data-testid="live-posts">
        {visible.length > 0 ? <LivePostList posts={visible} threadId={threadId} groupName={groupName} showReply={showReply} /> : null}
      </div>
      {count > 0 ? (
        <div className="live-bar" role="status" data-testid="live-bar">
          <span className="live-bar__dot" aria-hidden="true" />
          <span>
            {count} new {count === 1 ? "reply" : "replies"}
          </span>
          <button type="button" className="button button--primary" onClick={() => void show()} disabled={busy} aria-busy={busy}>
            {busy ? "Loading…" : "Show"}
          </button>
        </div>
      ) : null}
    </>
  );
}
