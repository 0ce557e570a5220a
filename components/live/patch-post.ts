import type { PostView } from "@/lib/views/post-view";

const DELETED_BY = { author: "This post was deleted by its author.", moderator: "This post was removed by a moderator." } as const;

function bodyElement(html: string): HTMLElement {
  const body = document.createElement("div");
  body.className = "post__body prose";
  // The post's HTML as the server rendered and sanitised it when it was written (renderDeltaToHtml),
  // the same string the page itself inserts with dangerouslySetInnerHTML.
  body.innerHTML = html;
  return body;
}

function deletedElement(post: PostView): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = "post__deleted";
  const note = document.createElement("p");
  note.className = "post__body post__body--deleted";
  note.textContent = DELETED_BY[post.deletedBy ?? "author"];
  wrapper.append(note);
  if (post.html) {
    const hidden = bodyElement(post.html);
    hidden.classList.add("post__body--hidden");
    wrapper.append(hidden);
  }
  return wrapper;
}

/**
 * Replaces the body of a server-rendered post (an edit, a deletion, a restore) where it stands.
 * Those posts are static server output, not React state of the page's client code, so the body
 * element is swapped directly; its size may change, but nothing above it moves.
 */
export function patchRenderedPost(post: PostView): void {
  const article = document.getElementById(`post-${post.id}`);
  // The body may sit inside a fold or a cover (components/posts/post-veils.tsx); a deleted post's
  // wrapper holds bodies of its own, so it is looked for first.
  const current = article?.querySelector(".post__deleted") ?? article?.querySelector(".post__body");
  if (!article || !current) return;
  current.replaceWith(post.deleted ? deletedElement(post) : bodyElement(post.html));
}
