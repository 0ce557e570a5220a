"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useViewer } from "@/components/providers/viewer-context";
import { useCallback, useState, useTransition } from "react";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { ReplyButton } from "@/components/editor/reply-button";
import { useLiveLikes } from "@/components/live/live-likes";
import { usePostReader, useShowReply } from "@/components/threads/thread-reader";
import { HeartIcon } from "@/components/ui/icons";
import { PostTips } from "@/components/tips/post-tips";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setPostLikeAction } from "@/lib/actions/post-actions";
import type { PostView } from "@/lib/views/post-view";

// The menu, its dialogs and the edit composer load the first time someone opens a menu.
const PostMenu = dynamic(() => import("@/components/post-actions/post-menu").then((module) => module.PostMenu), { ssr: false });

export type PostControlsPost = Pick<
  PostView,
  "id" | "likes" | "likedByViewer" | "tipCount" | "bookmarkedByViewer" | "canEdit" | "canDelete" | "canRestore" | "canReport" | "edited" | "deleted" | "nsfw"
> & {
  authorId: number;
};

export interface PostControlsProps {
  post: PostControlsPost;
  threadId: number;
  groupName: string;
  /** The opening post replies to the thread (parentId null); every other post to itself. */
  isFirst: boolean;
  /** False in a locked thread (for non-moderators) or for someone banned in the group. */
  canReply: boolean;
}

const likesLabel = (count: number) => `${count} ${count === 1 ? "like" : "likes"}`;

/** Like and take back at once; the server's answer (or a failure) settles the count. */
function LikeButton({ postId, likes, liked }: { postId: number; likes: number; liked: boolean }) {
  const viewer = useViewer();
  const pathname = usePathname();
  // What happened here since the page was rendered (a like, others' likes): until then the
  // props, which a kept page's spliced reader state may change once the page is interactive.
  const [changed, setChanged] = useState<{ likes?: number; liked?: boolean }>({});
  const state = { likes: changed.likes ?? likes, liked: changed.liked ?? liked };
  // Others' likes, as the thread's live stream reports the new total.
  useLiveLikes(
    postId,
    useCallback((total: number) => setChanged((current) => ({ ...current, likes: total })), []),
  );
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const content = (
    <>
      <HeartIcon />
      <span>{state.likes}</span>
    </>
  );
  if (!viewer) {
    return (
      <Link
        className="post__likes"
        href={`/signin?next=${encodeURIComponent(pathname ?? "/")}`}
        title={`${likesLabel(state.likes)}. Sign in to like`}
        data-guest-only=""
      >
        {content}
        <span className="visually-hidden">{likesLabel(state.likes)}. Sign in to like</span>
      </Link>
    );
  }
  function toggle() {
    const before = state;
    const wanted = !state.liked;
    setChanged({ liked: wanted, likes: state.likes + (wanted ? 1 : -1) });
    setError(null);
    startTransition(async () => {
      const result = await setPostLikeAction({ postId, liked: wanted }).catch(() => null);
      if (result?.ok) return setChanged({ liked: result.data.liked, likes: result.data.totalLikes });
      setChanged(before);
      setError(result?.error ?? NETWORK_ERROR);
    });
  }
  return (
    <>
      <button
        type="button"
        className="post__likes post__control-button post__like-button"
        aria-pressed={state.liked}
        onClick={toggle}
        disabled={pending}
        title={state.liked ? "Take your like back" : "Like this post"}
      >
        {content}
        <span className="visually-hidden">{likesLabel(state.likes)}</span>
      </button>
      {error ? (
        <span className="post__control-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** "More": quote, edit, delete, restore, report, history and copy link, as far as the viewer may. */
function MoreButton({ post, canQuote }: { post: PostControlsPost; canQuote: boolean }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const isOwn = viewer?.id === post.authorId;
  return (
    <span className="post__more">
      <button
        type="button"
        className="post__more-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="More actions for this post"
        title="More"
        onClick={() => setOpen((value) => !value)}
      >
        •••
      </button>
      {open ? <PostMenu post={{ ...post, isOwn, canQuote }} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}

/** What a reader can do with a post, under it: like, reply and the "More" menu; the view model says what this viewer may do. */
export function PostControls({ post: rendered, threadId, groupName, isFirst, canReply: renderedCanReply }: PostControlsProps) {
  const post = usePostReader(rendered.id, rendered);
  const canReply = useShowReply(renderedCanReply);
  const viewer = useViewer();
  return (
    <footer className="post__footer">
      {post.deleted ? null : <LikeButton postId={post.id} likes={post.likes} liked={post.likedByViewer} />}
      <PostTips postId={post.id} authorId={post.authorId} tipCount={post.tipCount} deleted={post.deleted} />
      {viewer && !post.deleted ? <BookmarkButton postId={post.id} bookmarked={post.bookmarkedByViewer} /> : null}
      {canReply && !post.deleted ? <ReplyButton threadId={threadId} parentId={isFirst ? null : post.id} groupName={groupName} postId={post.id} /> : null}
      <MoreButton post={post} canQuote={Boolean(viewer) && canReply && !post.deleted} />
    </footer>
  );
}
