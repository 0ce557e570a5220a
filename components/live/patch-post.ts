import type { PostView } from "@/lib/views/post-view";

/**
 * Brings a server-rendered post up to date with an edit where it stands, when that can be done
 * without taking a node from React: the live body's HTML is set in place (the page inserts it with
 * dangerouslySetInnerHTML, so React owns the element, not what is inside it). A deletion or a
 * restore changes the post's structure, which React rendered and must render again: answers false
 * then, and the caller refreshes the page. Swapping those nodes by hand broke the next refresh
 * (React removing a node it no longer found: "removeChild ... not a child of this node").
 */
export function patchRenderedPost(post: PostView): boolean {
  const article = document.getElementById(`post-${post.id}`);
  if (!article) return true;
  const deleted = article.querySelector(".post__deleted") !== null;
  if (post.deleted) return deleted;
  if (deleted) return false;
  const body = article.querySelector(".post__body");
  if (!body) return false;
  if (body.innerHTML !== post.html) body.innerHTML = post.html;
  return true;
}
