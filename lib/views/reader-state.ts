import type { ThreadViewerView } from "@/lib/views/thread-view";

// A signed-in reader's own part of a kept page (lib/http/guest-page-cache.ts): the page body is the
// one every reader gets (rendered as for a guest), and this JSON, spliced into it when it is
// served, is what the header and the page's controls show on top once the page is interactive
// (components/providers/reader-splice.ts). Safe for the browser: shapes and bit names only.

/** The element the JSON travels in: `<script type="application/json" id=...>`. */
export const READER_STATE_ELEMENT_ID = "agora-reader";

/**
 * A style spliced beside the JSON: until the page is interactive and shows the reader's own
 * controls, the guest's invitations to sign in (marked `data-guest-only`) keep their place but
 * are not shown to someone signed in. Removed once the reader's state is applied.
 */
export const READER_PENDING_STYLE_ID = "agora-reader-pending";
export const READER_PENDING_CSS = "[data-guest-only]{visibility:hidden}";

export interface ReaderState {
  /** Who is signed in (the header's menu, the write controls). */
  viewer: { id: number; name: string; image: string };
  /** The bell's unread count, and the live-event id read before it (the stream replays from there). */
  bell: { count: number; cursor: number | null };
  /** On a thread page: the reader's part of it. */
  thread: ThreadReaderState | null;
  /** The account's theme (users.dark_mode): the kept page served to them is the one rendered in it. */
  darkMode: number;
}

/** What one reader did and may do on one thread page. */
export interface ThreadReaderState {
  threadId: number;
  viewer: ThreadViewerView;
  /** May attach other files than images to replies here. */
  canAttachFiles: boolean;
  /** Every post of the page by id: the reader's like, abilities and whether they ignore its author, as POST_* bits. */
  posts: Record<string, number>;
}

export const POST_LIKED = 1;
export const POST_CAN_EDIT = 2;
export const POST_CAN_DELETE = 4;
export const POST_CAN_RESTORE = 8;
export const POST_CAN_REPORT = 16;
export const POST_AUTHOR_IGNORED = 32;
export const POST_BOOKMARKED = 64;

export interface PostReaderFlags {
  likedByViewer: boolean;
  bookmarkedByViewer: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
  canReport: boolean;
  /** The reader ignores the post's author (contract section 17): the page folds it. */
  authorIgnored: boolean;
}

export function readPostBits(bits: number): PostReaderFlags {
  return {
    likedByViewer: (bits & POST_LIKED) !== 0,
    bookmarkedByViewer: (bits & POST_BOOKMARKED) !== 0,
    canEdit: (bits & POST_CAN_EDIT) !== 0,
    canDelete: (bits & POST_CAN_DELETE) !== 0,
    canRestore: (bits & POST_CAN_RESTORE) !== 0,
    canReport: (bits & POST_CAN_REPORT) !== 0,
    authorIgnored: (bits & POST_AUTHOR_IGNORED) !== 0,
  };
}

export function writePostBits(flags: PostReaderFlags): number {
  return (
    (flags.likedByViewer ? POST_LIKED : 0) |
    (flags.bookmarkedByViewer ? POST_BOOKMARKED : 0) |
    (flags.canEdit ? POST_CAN_EDIT : 0) |
    (flags.canDelete ? POST_CAN_DELETE : 0) |
    (flags.canRestore ? POST_CAN_RESTORE : 0) |
    (flags.canReport ? POST_CAN_REPORT : 0) |
    (flags.authorIgnored ? POST_AUTHOR_IGNORED : 0)
  );
}

/** The JSON as it may sit inside a script element: no "<" (so no "</script>"), and the two line separators JSON allows but scripts did not. */
export function serializeReaderState(state: ReaderState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
