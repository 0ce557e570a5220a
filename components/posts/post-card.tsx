import Link from "next/link";
import { AuthorTitle, BadgeChips } from "@/components/badges/badge-chips";
import { EditedMark } from "@/components/post-actions/edited-mark";
import { PostAttachments } from "@/components/posts/post-attachments";
import { PostControls } from "@/components/posts/post-controls";
import { IgnoredFold, SensitiveCover } from "@/components/posts/post-veils";
import { SignedMark } from "@/components/posts/signed-mark";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import type { PostView } from "@/lib/views/post-view";
import "./posts.css";

export interface PostCardProps {
  post: PostView;
  threadId: number;
  groupName: string;
  /** The opening post replies to the thread (parentId null); every other post to itself. */
  isFirst?: boolean;
  /** Reply is offered (not in a locked thread, not to someone banned). */
  showReply: boolean;
}

const DELETED_BY = { author: "This post was deleted by its author.", moderator: "This post was removed by a moderator." } as const;

/** One post: author, time, body, likes and Reply. Renders on the server and, for "load more", in the browser. */
export function PostCard({ post, threadId, groupName, isFirst = false, showReply }: PostCardProps) {
  const profile = `/u/${post.author.id}`;
  return (
    <article className={isFirst ? "post post--first" : "post"} id={`post-${post.id}`} aria-label={`Post by ${post.author.username}`} data-testid="post">
      <IgnoredFold postId={post.id} authorIgnored={post.authorIgnored}>
        <header className="post__header">
          <Link href={profile} className="post__avatar" tabIndex={-1} aria-hidden="true">
            <Avatar name={post.author.username} seed={post.author.id} src={post.author.photoUrl} size={isFirst ? 44 : 36} />
          </Link>
          <div className="post__byline">
            <Link href={profile} className="post__author">
              {post.author.username}
            </Link>
            <AuthorTitle title={post.author.face.title} />
            <BadgeChips badges={post.author.face.badges} label={`Badges of ${post.author.username}`} />
            <a href={`#post-${post.id}`} className="post__permalink">
              <RelativeTime value={post.createdAt} />
            </a>
            {post.edited && !post.deleted ? <EditedMark postId={post.id} /> : null}
            {post.archive && !post.deleted ? (
              <a
                className="post__archived"
                href={post.archive.url}
                title={`Archived on Arweave, cid ${post.archive.cid}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Archived
              </a>
            ) : null}
            {post.authorBanned ? <span className="post__badge">banned</span> : null}
            {post.signature ? <SignedMark postId={post.id} signature={post.signature} /> : null}
          </div>
        </header>
        {post.deleted ? (
          <div className="post__deleted">
            <p className="post__body post__body--deleted">{DELETED_BY[post.deletedBy ?? "author"]}</p>
            {/* Its author and the group's moderators still read it (renderDeltaToHtml's sanitised output). */}
            {post.html ? <div className="post__body prose post__body--hidden" dangerouslySetInnerHTML={{ __html: post.html }} /> : null}
          </div>
        ) : (
          <SensitiveCover nsfw={post.nsfw}>
            {/* renderDeltaToHtml's sanitised output is the only HTML that ever reaches this element. */}
            <div className="post__body prose" dangerouslySetInnerHTML={{ __html: post.html }} />
            <PostAttachments attachments={post.attachments} />
          </SensitiveCover>
        )}
        {/* Only what the controls use crosses to the client, not the body and replies. */}
        <PostControls
          post={{
            id: post.id,
            authorId: post.author.id,
            likes: post.likes,
            likedByViewer: post.likedByViewer,
            tipCount: post.tipCount,
            bookmarkedByViewer: post.bookmarkedByViewer,
            canEdit: post.canEdit,
            canDelete: post.canDelete,
            canRestore: post.canRestore,
            canReport: post.canReport,
            edited: post.edited,
            deleted: post.deleted,
            nsfw: post.nsfw,
          }}
          threadId={threadId}
          groupName={groupName}
          isFirst={isFirst}
          canReply={showReply}
        />
      </IgnoredFold>
    </article>
  );
}
