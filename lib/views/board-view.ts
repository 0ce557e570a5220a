import "server-only";
import { getViewer } from "@/lib/session/session";
import type { ThreadListEntry } from "@/lib/db/thread-lists";
import { countPages } from "@/lib/db/pagination";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { listNewPostCounts } from "@/lib/services/read-markers";
import { listGroupThreadsWithTotal } from "@/lib/services/thread-lists";
import { excerptFromContent } from "@/lib/views/excerpt";
import { toTagChipView, type TagChipView } from "@/lib/views/tag-view";

export const THREADS_PER_PAGE = 20;

/** A row of a group's thread list. */
export interface ThreadRowView {
  id: number;
  title: string;
  slug: string;
  isPinned: boolean;
  isLocked: boolean;
  excerpt: string;
  /** The opening post is sensitive content: no excerpt, a mark instead. */
  sensitive: boolean;
  replies: number;
  likes: number;
  lastActivityAt: Date;
  author: { id: number; username: string; photoUrl: string };
  /** Who replied last, when someone did. */
  lastReplyBy: string | null;
  category: { id: number; name: string } | null;
  /** Its tags (contract section 18). */
  tags: TagChipView[];
  /** Posts since the signed-in reader last opened the thread ("N new"); null when not read before or nothing is new. */
  newPosts: number | null;
}

export interface BoardPageView {
  threads: ThreadRowView[];
  totalPages: number;
}

export function toThreadRowView({ thread, starter, lastPoster, firstPost, category, tags }: ThreadListEntry): ThreadRowView {
  const replies = Math.max(thread.postsCount - 1, 0);
  return {
    id: thread.id,
    title: thread.title,
    slug: thread.slug || "thread",
    isPinned: thread.pinned,
    isLocked: thread.locked,
    // A sensitive opening post's words stay under its cover on the thread page (contract section 17).
    excerpt: firstPost && firstPost.deletedBy === null && !firstPost.nsfw ? excerptFromContent(firstPost.content, 180, thread.title) : "",
    sensitive: firstPost?.nsfw ?? false,
    replies,
    likes: thread.likesCount,
    lastActivityAt: thread.lastActivityAt,
    author: { id: thread.userId, username: starter?.username || "unknown", photoUrl: proxyImageUrl(starter?.photoUrl) },
    lastReplyBy: replies > 0 && lastPoster?.username ? lastPoster.username : null,
    category: category ? { id: category.id, name: category.name } : null,
    tags: tags.map(toTagChipView),
    newPosts: null,
  };
}

/** One page of a group's threads (categoryId null) or of one category's (and of one tag's), pinned first, then latest activity. */
export async function loadBoardPage(input: { groupId: number; categoryId: number | null; page: number; tagId?: number }): Promise<BoardPageView> {
  // Rows show excerpts only, and a deleted opening post has none for anyone, so the list is read as a guest.
  const { entries, total } = await listGroupThreadsWithTotal(await getViewer(), {
    groupId: input.groupId,
    categoryId: input.categoryId ?? 0,
    page: input.page,
    perPage: THREADS_PER_PAGE,
    sort: "new",
    tagId: input.tagId,
  });
  const threads = entries.map(toThreadRowView);
  // Unread markers are the signed-in reader's own: one query over the page's threads, none for guests.
  const fresh = await listNewPostCounts(
    await getViewer(),
    threads.map((thread) => thread.id),
  );
  return {
    threads: threads.map((thread) => ({ ...thread, newPosts: fresh.get(thread.id) ?? null })),
    totalPages: countPages(total, THREADS_PER_PAGE),
  };
}
