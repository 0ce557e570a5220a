import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { HeartIcon, MessageIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatCount } from "@/lib/format/counts";
import type { ThreadRowView } from "@/lib/views/board-view";
import { TagChips } from "@/components/tags/tag-chips";
import { LockedBadge, PinnedBadge } from "./pinned-badge";
import "./threads.css";

/** A row of a list that spans groups (the feeds) names its group and the reader's unread posts. */
export type ListedThread = ThreadRowView & { group?: { name: string; title: string }; unread?: number };

export interface ThreadListProps {
  /** The group every row is in; a feed's rows carry their own. */
  groupName: string;
  threads: ListedThread[];
  /** Off on a category page, where every row would repeat the same chip. */
  showCategory: boolean;
}

export function threadHref(groupName: string, thread: { id: number; slug: string }): string {
  return `/g/${groupName}/t/${thread.id}/${thread.slug}`;
}

function ThreadRow({ groupName: listGroup, thread, showCategory }: Omit<ThreadListProps, "threads"> & { thread: ListedThread }) {
  const { replies, excerpt, author, category } = thread;
  const groupName = thread.group?.name ?? listGroup;
  return (
    <li className="thread-row" data-testid="thread-row">
      <Avatar name={author.username} seed={author.id} src={author.photoUrl} size={40} className="thread-row__avatar" />
      <div className="thread-row__main">
        <h3 className="thread-row__title">
          {thread.isPinned ? <PinnedBadge /> : null}
          {thread.isLocked ? <LockedBadge /> : null}
          {/* Not prefetched: rendering a thread page for a signed-in reader marks it read, and a
              prefetch is no reading (a list in view would mark every thread on it opened). */}
          <Link href={threadHref(groupName, thread)} className="stretched-link" prefetch={false}>
            {thread.title}
          </Link>
          {thread.newPosts ? (
            <span className="thread-row__new" data-testid="new-posts">
              {thread.newPosts} new
            </span>
          ) : null}
          {thread.unread ? (
            <span className="thread-row__new" data-testid="unread-count">
              {thread.unread} unread
            </span>
          ) : null}
        </h3>
        {excerpt ? <p className="thread-row__excerpt">{excerpt}</p> : null}
        {thread.sensitive ? <p className="thread-row__excerpt muted">Sensitive content</p> : null}
        <p className="thread-row__meta">
          {thread.group ? (
            <Link className="chip above-stretch" href={`/g/${thread.group.name}`}>
              {thread.group.title}
            </Link>
          ) : null}
          {showCategory && category ? (
            <Link className="chip above-stretch" href={`/g/${groupName}/c/${category.id}`}>
              {category.name}
            </Link>
          ) : null}
          <TagChips groupName={groupName} tags={thread.tags} inRow />
          <span>
            by{" "}
            <Link className="above-stretch" href={`/u/${author.id}`}>
              {author.username}
            </Link>
          </span>
          {thread.lastReplyBy ? <span className="thread-row__last">last reply by {thread.lastReplyBy}</span> : null}
        </p>
      </div>
      <dl className="thread-row__stats">
        <div title={`${replies} ${replies === 1 ? "reply" : "replies"}`}>
          <dt>
            <MessageIcon />
            <span className="visually-hidden">Replies</span>
          </dt>
          <dd>{formatCount(replies)}</dd>
        </div>
        <div title={`${thread.likes} likes`}>
          <dt>
            <HeartIcon />
            <span className="visually-hidden">Likes</span>
          </dt>
          <dd>{formatCount(thread.likes)}</dd>
        </div>
        <div className="thread-row__activity">
          <dt className="visually-hidden">Last activity</dt>
          <dd>
            <RelativeTime value={thread.lastActivityAt} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** A page of threads, pinned first, then latest activity. */
export function ThreadList({ threads, ...rest }: ThreadListProps) {
  return (
    <ol className="thread-list" aria-label="Threads">
      {threads.map((thread) => (
        <ThreadRow key={thread.id} thread={thread} {...rest} />
      ))}
    </ol>
  );
}
