import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { ProfilePostView } from "@/lib/views/profile-view";
import "./users.css";

export interface UserPostListProps {
  posts: ProfilePostView[];
}

/** A person's posts, newest first, each linking to its place in the thread. */
export function UserPostList({ posts }: UserPostListProps) {
  return (
    <ol className="user-post-list">
      {posts.map((post) => (
        <li key={post.id} className="card user-post" data-testid="user-post">
          <p className="user-post__meta">
            <span>{post.action}</span>
            {" · "}
            <RelativeTime value={post.createdAt} />
          </p>
          <h3 className="user-post__title">
            <Link href={`/g/${post.groupName}/t/${post.threadId}#post-${post.id}`} className="stretched-link">
              {post.threadTitle}
            </Link>
          </h3>
          <p className="user-post__group">
            in{" "}
            <Link href={`/g/${post.groupName}`} className="above-stretch">
              {post.groupTitle}
            </Link>
          </p>
          {post.sensitive ? (
            <p className="user-post__excerpt muted">Sensitive content</p>
          ) : post.excerpt ? (
            <p className="user-post__excerpt">{post.excerpt}</p>
          ) : (
            <p className="user-post__excerpt muted">This post was deleted.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
