import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { UserPostDto } from "@/lib/schemas/user-post-schemas";
import { excerptFromContent } from "@/lib/views/excerpt";
import "./users.css";

export interface UserPostListProps {
  posts: UserPostDto[];
  dates: Map<number, Date>;
}

function describeAction(post: UserPostDto): string {
  if (post.first_post_id === post.id) return "Started a thread";
  if (post.parent_id !== -1 && post.parent_poster_name) return `Replied to ${post.parent_poster_name}`;
  return "Replied";
}

/** A person's posts, newest first, each linking to its place in the thread. */
export function UserPostList({ posts, dates }: UserPostListProps) {
  return (
    <ol className="user-post-list">
      {posts.map((post) => {
        const date = dates.get(post.id);
        const excerpt = post.deleted === "0" ? excerptFromContent(post.content, 280, post.first_post_id === post.id ? post.thread_title : undefined) : "";
        return (
          <li key={post.id} className="card user-post" data-testid="user-post">
            <p className="user-post__meta">
              <span>{describeAction(post)}</span>
              {date ? (
                <>
                  {" · "}
                  <RelativeTime value={date} />
                </>
              ) : null}
            </p>
            <h3 className="user-post__title">
              <Link href={`/g/${post.group_name}/t/${post.thread_id}#post-${post.id}`} className="stretched-link">
                {post.thread_title}
              </Link>
            </h3>
            <p className="user-post__group">
              in{" "}
              <Link href={`/g/${post.group_name}`} className="above-stretch">
                {post.group_title}
              </Link>
            </p>
            {excerpt ? <p className="user-post__excerpt">{excerpt}</p> : <p className="user-post__excerpt muted">This post was deleted.</p>}
          </li>
        );
      })}
    </ol>
  );
}
