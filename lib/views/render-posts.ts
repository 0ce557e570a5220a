import "server-only";
import { renderDeltaToHtml } from "@/lib/delta/render";
import { parseApiTimestamp } from "@/lib/format/relative-time";
import type { PostDto } from "@/lib/schemas/post-schemas";
import type { PostPageView, PostView } from "@/lib/views/post-view";

function toIso(value: string): string {
  return (parseApiTimestamp(value) ?? new Date(0)).toISOString();
}

/** One post and its nested replies, bodies rendered to sanitised HTML. */
export function toPostView(post: PostDto): PostView {
  const deleted = post.deleted !== 0;
  return {
    id: post.id,
    html: deleted ? "" : renderDeltaToHtml(post.content),
    deleted,
    createdAt: toIso(post.created_at),
    likes: post.total_likes,
    author: { id: post.user.id, username: post.user.username || "unknown", photoUrl: post.user.photo_url },
    children: post.children.posts.map(toPostView),
  };
}

/**
 * A page of top-level posts fetched with one extra row: the extra one only says that another
 * page exists, so the last page never ends on an empty "Load more".
 */
export function toPostPage(posts: readonly PostDto[], pageSize: number): PostPageView {
  const page = posts.slice(0, pageSize);
  const last = page.at(-1);
  return { posts: page.map(toPostView), nextCursor: posts.length > pageSize && last ? last.id : null };
}
