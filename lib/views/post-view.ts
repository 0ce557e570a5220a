import type { PostSort } from "@/lib/services/thread-reads";
import type { AuthorFaceView } from "@/lib/views/badges-view";

// What a post looks like to the web pages, on the server and in the browser ("load more"):
// bodies arrive as sanitised HTML from renderDeltaToHtml (lib/views/served-html.ts), never as raw deltas.

/** Top-level posts per page of a thread; "Load more" fetches the next page of the same size. */
export const THREAD_PAGE_SIZE = 20;
export const MAX_THREAD_PAGE_SIZE = 50;

export type { PostSort };

export interface PostAuthorView {
  id: number;
  username: string;
  photoUrl: string;
  /** Their newest badges in the group and their title or role (contract section 19); empty with the feature off. */
  face: AuthorFaceView;
}

export interface PostView {
  id: number;
  /** Sanitised HTML rendered on the server from the post's delta; "" for a deleted post the viewer may not read. */
  html: string;
  deleted: boolean;
  /** Who deleted it, for the placeholder: the author themselves or a moderator. */
  deletedBy: "author" | "moderator" | null;
  /** The content was changed after posting (its revisions can be shown). */
  edited: boolean;
  /** ISO 8601. */
  createdAt: string;
  likes: number;
  likedByViewer: boolean;
  /** Contract section 19: tips it received. */
  tipCount: number;
  /** The viewer ignores its author (contract section 17): folded, with Show. */
  authorIgnored: boolean;
  /** Sensitive content: its text and images are covered unless the viewer's show_nsfw is 1. */
  nsfw: boolean;
  /** The viewer saved it (contract section 17). */
  bookmarkedByViewer: boolean;
  /** What the viewer may do with it (lib/auth/permissions.ts decided). */
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
  /** Signed in, allowed to write in the group, and not the author. */
  canReport: boolean;
  author: PostAuthorView;
  /** The author is banned in this group. */
  authorBanned: boolean;
  /** Its newest archived revision (contract section 19): the gateway's data URL and the bundle's cid. */
  archive: { url: string; cid: string } | null;
  /** Its current version's wallet signature (contract section 19), null when unsigned; the proof is at /posts/{id}/proof. */
  signature: PostSignatureView | null;
  /** Files attached to it that its body does not already show (contract section 15). */
  attachments: AttachmentView[];
  children: PostView[];
}

/** Who signed a post, what they signed (the content's hash) and the signature. */
export interface PostSignatureView {
  signer: string;
  contentHash: string;
  sign: string;
}

/** An attached file: an image shown at its size (so nothing jumps as it loads), or a download. */
export interface AttachmentView {
  id: number;
  /** The path it is served at (/uploads/...). */
  path: string;
  name: string;
  /** Bytes. */
  size: number;
  /** Images carry their pixel size; other files are downloads. */
  image: { width: number; height: number } | null;
  /** Deleted by its uploader or a moderator: a placeholder ("Image removed", "File removed") stands in its place. */
  removed: boolean;
}

export interface PostPageView {
  posts: PostView[];
  /** The `start_post_id` of the next page, or null when this was the last one. */
  nextCursor: number | null;
}

/** `?sort=`: "new" shows the newest replies first; anything else reads as the conversation order. */
export function parsePostSort(value: string | string[] | undefined): PostSort {
  return value === "new" ? "new" : "old";
}

/** `?page_size=`: 1-50, anything else the default. */
export function parsePageSize(value: string | string[] | undefined): number {
  const size = typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return size >= 1 && size <= MAX_THREAD_PAGE_SIZE ? size : THREAD_PAGE_SIZE;
}

/** Every post id of these posts and their replies (what a page rendered). */
export function listPostIds(posts: readonly PostView[]): number[] {
  return posts.flatMap((post) => [post.id, ...listPostIds(post.children)]);
}
