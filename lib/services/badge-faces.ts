import "server-only";
import { readAuthorFaces as readFaces, type AuthorFaces } from "@/lib/db/badge-faces";
import type { PostNode } from "@/lib/db/post-tree";
import type { ThreadListEntry } from "@/lib/db/thread-lists";

export { NO_FACES, type AuthorFace, type AuthorFaces, type BadgeFace } from "@/lib/db/badge-faces";

// Reference fields `badge` and `user_title` (contract section 19) for a page of posts or threads:
// the page's authors are read together, in one statement per page.

function collectAuthors(nodes: readonly PostNode[], into: Set<number>): Set<number> {
  for (const node of nodes) {
    into.add(node.post.userId);
    collectAuthors(node.children, into);
  }
  return into;
}

/** The faces of a thread page's authors: the thread's, its opening post's and every post's shown. */
export function readThreadPageFaces(page: {
  thread: { groupId: number; userId: number };
  firstPost: PostNode;
  posts: readonly PostNode[];
}): Promise<AuthorFaces> {
  const authors = collectAuthors([page.firstPost, ...page.posts], new Set([page.thread.userId]));
  return readFaces(page.thread.groupId, [...authors]);
}

/** The faces of a post and its replies shown with it. */
export function readPostFaces(groupId: number, node: PostNode): Promise<AuthorFaces> {
  return readFaces(groupId, [...collectAuthors([node], new Set())]);
}

/** The faces of a group's thread list: each item's last poster. */
export function readThreadListFaces(groupId: number, entries: readonly ThreadListEntry[]): Promise<AuthorFaces> {
  return readFaces(
    groupId,
    entries.map((entry) => entry.thread.lastPostUserId ?? entry.thread.userId),
  );
}

/** The faces of some authors in a group (posts shown live). */
export function readAuthorFaces(groupId: number, userIds: readonly number[]): Promise<AuthorFaces> {
  return readFaces(groupId, userIds);
}

/** The faces of one author (a post just created). */
export function readAuthorFace(groupId: number, userId: number): Promise<AuthorFaces> {
  return readFaces(groupId, [userId]);
}
