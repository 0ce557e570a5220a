"use client";

import { ReplyButton } from "@/components/editor/reply-button";
import { HeartIcon } from "@/components/ui/icons";
import type { PostView } from "@/lib/views/post-view";

export interface PostControlsProps {
  post: Pick<PostView, "id" | "likes" | "likedByViewer" | "canEdit" | "canDelete">;
  threadId: number;
  groupName: string;
  /** The opening post replies to the thread (parentId null); every other post to itself. */
  isFirst: boolean;
}

/** What a reader can do with a post, under it: its likes and Reply; the view model says what this viewer may do. */
export function PostControls({ post, threadId, groupName, isFirst }: PostControlsProps) {
  return (
    <footer className="post__footer">
      <span className="post__likes" title={`${post.likes} ${post.likes === 1 ? "like" : "likes"}`}>
        <HeartIcon />
        <span>{post.likes}</span>
        <span className="visually-hidden">{post.likes === 1 ? "like" : "likes"}</span>
      </span>
      <ReplyButton threadId={threadId} parentId={isFirst ? null : post.id} groupName={groupName} />
    </footer>
  );
}
