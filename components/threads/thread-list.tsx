import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { HeartIcon, MessageIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatCount } from "@/lib/format/counts";
import type { ThreadActivityRow } from "@/lib/db/thread-activity";
import type { ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { excerptFromContent } from "@/lib/views/excerpt";
import { PinnedBadge } from "./pinned-badge";
import "./threads.css";

export interface ThreadListProps {
  groupName: string;
  threads: ThreadListItemDto[];
  activity: Map<number, ThreadActivityRow>;
  /** Off on a category page, where every row would repeat the same chip. */
  showCategory: boolean;
}

export function threadHref(groupName: string, thread: { id: number; slug: string }): string {
  return `/g/${groupName}/t/${thread.id}/${thread.slug || "thread"}`;
}

function ThreadRow({ groupName, thread, activity, showCategory }: Omit<ThreadListProps, "threads" | "activity"> & {
  thread: ThreadListItemDto;
  activity: ThreadActivityRow | undefined;
}) {
  const replies = Math.max(thread.posts_count - 1, 0);
  const excerpt = excerptFromContent(thread.first_post.content, 180, thread.title);
  const author = activity?.user;
  const category = Array.isArray(thread.category) ? null : thread.category;
  return (
    <li className="thread-row" data-testid="thread-row">
      {author ? (
        <Avatar name={author.username} seed={author.id} src={author.photoUrl} size={40} className="thread-row__avatar" />
      ) : null}
      <div className="thread-row__main">
        <h3 className="thread-row__title">
          {thread.is_pin ? <PinnedBadge /> : null}
          <Link href={threadHref(groupName, thread)} className="stretched-link">
            {thread.title}
          </Link>
        </h3>
        {excerpt ? <p className="thread-row__excerpt">{excerpt}</p> : null}
        <p className="thread-row__meta">
          {showCategory && category ? (
            <Link className="chip above-stretch" href={`/g/${groupName}/c/${category.id}`}>
              {category.name}
            </Link>
          ) : null}
          {author ? (
            <span>
              by{" "}
              <Link className="above-stretch" href={`/u/${author.id}`}>
                {author.username}
              </Link>
            </span>
          ) : null}
          {thread.last_user_name && replies > 0 ? <span className="thread-row__last">last reply by {thread.last_user_name}</span> : null}
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
        <div title={`${thread.likes_count} likes`}>
          <dt>
            <HeartIcon />
            <span className="visually-hidden">Likes</span>
          </dt>
          <dd>{formatCount(thread.likes_count)}</dd>
        </div>
        {activity ? (
          <div className="thread-row__activity">
            <dt className="visually-hidden">Last activity</dt>
            <dd>
              <RelativeTime value={activity.lastActivityAt} />
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

/** A page of threads as the API lists them (pinned first, then latest activity). */
export function ThreadList({ threads, ...rest }: ThreadListProps) {
  return (
    <ol className="thread-list" aria-label="Threads">
      {threads.map((thread) => (
        <ThreadRow key={thread.id} thread={thread} activity={rest.activity.get(thread.id)} groupName={rest.groupName} showCategory={rest.showCategory} />
      ))}
    </ol>
  );
}
