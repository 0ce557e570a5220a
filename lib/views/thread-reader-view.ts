import "server-only";
import { canAttachFiles, canSeeDeletedContent, type AttachRules } from "@/lib/auth/permissions";
import type { PostNode } from "@/lib/db/post-tree";
import type { BanRecord } from "@/lib/services/bans";
import type { ThreadRead } from "@/lib/services/thread-reads";
import { writePostBits, type ThreadReaderState } from "@/lib/views/reader-state";
import { postAbilities, toThreadViewerView } from "@/lib/views/thread-view";

function eachNode(read: ThreadRead, visit: (node: PostNode) => void): void {
  const walk = (node: PostNode) => {
    visit(node);
    for (const child of node.children) walk(child);
  };
  walk(read.firstPost);
  for (const node of read.posts) walk(node);
}

/**
 * Whether the page shows this reader more than a guest sees: a removed thread, or a deleted post's
 * words (its author and the group's moderators still read them). Such a page is rendered for the
 * reader, never served as the kept body plus their state.
 */
export function showsReaderMoreThanGuests(read: ThreadRead): boolean {
  if (read.thread.deleted) return true;
  const { actor, role } = read.access;
  let more = false;
  eachNode(read, (node) => {
    if (node.post.deletedBy !== null && canSeeDeletedContent(actor, node.post, role)) more = true;
  });
  return more;
}

/** The reader's part of a thread page (the same rules as toThreadView, without the bodies). */
export function toThreadReaderState(read: ThreadRead, ban: BanRecord | null, attachRules: AttachRules): ThreadReaderState {
  const viewer = toThreadViewerView(read, ban);
  const posts: Record<string, number> = {};
  eachNode(read, (node) => {
    posts[node.post.id] = writePostBits({
      likedByViewer: node.likedByViewer,
      bookmarkedByViewer: node.bookmarkedByViewer,
      authorIgnored: node.authorIgnored,
      ...postAbilities(node.post, read.access),
    });
  });
  return { threadId: read.thread.id, viewer, canAttachFiles: viewer.signedIn && canAttachFiles(read.access.role, attachRules), posts };
}
