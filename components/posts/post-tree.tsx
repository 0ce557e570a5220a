import { PostCard } from "@/components/posts/post-card";
import type { PostView } from "@/lib/views/post-view";
import "./posts.css";

export interface PostTreeProps {
  posts: PostView[];
  threadId: number;
  groupName: string;
  showReply: boolean;
  depth?: number;
}

/** Posts with their replies nested below them; CSS caps the indentation on narrow screens. */
export function PostTree({ posts, threadId, groupName, showReply, depth = 0 }: PostTreeProps) {
  return (
    <ol className={depth === 0 ? "post-tree" : "post-tree post-tree--nested"} data-depth={Math.min(depth, 9)}>
      {posts.map((post) => (
        <li key={post.id} className="post-tree__item">
          <PostCard post={post} threadId={threadId} groupName={groupName} showReply={showReply} />
          {post.children.length > 0 ? (
            <PostTree posts={post.children} threadId={threadId} groupName={groupName} showReply={showReply} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
