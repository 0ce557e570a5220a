import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { ThreadLive } from "@/components/live/thread-live";
import { FileAttachmentsAllowedProvider } from "@/components/editor/file-attachments-allowed";
import { PostCard } from "@/components/posts/post-card";
import { PostLightbox } from "@/components/posts/post-lightbox";
import { PostTree } from "@/components/posts/post-tree";
import { FollowButton } from "@/components/threads/follow-button";
import { LoadMorePosts } from "@/components/threads/load-more-posts";
import { LockedBadge, PinnedBadge } from "@/components/threads/pinned-badge";
import { PostSortToggle } from "@/components/threads/post-sort-toggle";
import { ThreadNotices } from "@/components/threads/thread-notices";
import { ThreadTools } from "@/components/threads/thread-tools";
import { EmptyState } from "@/components/ui/empty-state";
import { pluralize } from "@/lib/format/counts";
import { getGroupByName, getGroupCategories, getLiveCursor, getThread, getThreadRoute } from "@/lib/views/page-data";
import { listPostIds, parsePageSize, parsePostSort, THREAD_PAGE_SIZE } from "@/lib/views/post-view";
import "@/components/threads/threads.css";

interface ThreadPageProps {
  params: Promise<{ name: string; threadId: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function loadThreadPage({ params, searchParams }: ThreadPageProps) {
  const [{ name, threadId }, query] = await Promise.all([params, searchParams]);
  const sort = parsePostSort(query.sort);
  const pageSize = parsePageSize(query.page_size);
  // The layout has already answered 404 or redirected for unknown threads and wrong slugs.
  const route = await getThreadRoute(threadId, name);
  // The live cursor is read before the thread: what is written in between arrives over the stream.
  const liveCursor = await getLiveCursor();
  const [thread, group] = await Promise.all([getThread(route.id, route.groupName, sort, pageSize), getGroupByName(route.groupName)]);
  const extraQuery = pageSize === THREAD_PAGE_SIZE ? "" : `page_size=${pageSize}`;
  return { thread, group, sort, pageSize, basePath: route.path, extraQuery, liveCursor };
}

export async function generateMetadata(props: ThreadPageProps): Promise<Metadata> {
  const { thread, group, basePath } = await loadThreadPage(props);
  const description = thread.excerpt;
  return {
    title: `${thread.title} · ${group.title}`,
    description: description || `A thread in ${group.title} on Agora.`,
    alternates: { canonical: basePath },
    openGraph: { type: "article", title: thread.title, description, url: basePath, siteName: "Agora" },
  };
}

export default async function ThreadPage(props: ThreadPageProps) {
  const { thread, group, sort, pageSize, basePath, extraQuery, liveCursor } = await loadThreadPage(props);
  const { firstPost, page, replies, viewer } = thread;
  const hasTools = viewer.canModerate || viewer.canEditThread || viewer.canDeleteThread;
  // Categories name the breadcrumb, and the tools offer them as places to move the thread to.
  const categories = thread.categoryId === null && !viewer.canEditThread ? [] : await getGroupCategories(group.id);
  const category = categories.find((candidate) => candidate.id === thread.categoryId);
  const showReply = viewer.showReply;
  const trail = [{ href: `/g/${group.name}`, label: group.title }];
  const live = (
    <ThreadLive
      threadId={thread.id}
      groupName={group.name}
      showReply={showReply}
      newestFirst={sort === "new"}
      renderedPostIds={listPostIds([firstPost, ...page.posts])}
      since={liveCursor}
    />
  );
  if (category) trail.push({ href: `/g/${group.name}/c/${category.id}`, label: category.name });
  return (
    <FileAttachmentsAllowedProvider allowed={viewer.signedIn && group.viewerCanAttachFiles}>
      <main className="page page--thread">
        <Breadcrumbs links={trail} />
        <header className="thread-header">
          <h1 className="thread-header__title">
            {thread.isPinned ? <PinnedBadge /> : null}
            {thread.isLocked ? <LockedBadge /> : null}
            {thread.title}
          </h1>
          <p className="thread-header__meta">
            {pluralize(replies, "reply", "replies")} · {pluralize(thread.participants, "participant")} · {pluralize(thread.likes, "like")}
          </p>
          {viewer.signedIn && !thread.isDeleted ? <FollowButton threadId={thread.id} subscribed={viewer.subscribed} /> : null}
          {hasTools ? (
            <ThreadTools
              threadId={thread.id}
              groupName={group.name}
              title={thread.title}
              categoryId={thread.categoryId}
              categories={categories}
              isPinned={thread.isPinned}
              isLocked={thread.isLocked}
              canModerate={viewer.canModerate}
              canEdit={viewer.canEditThread}
              canDelete={viewer.canDeleteThread}
            />
          ) : null}
        </header>
        <ThreadNotices notices={viewer.notices} />
        {/* Posts may hold h3s of their own; without this the outline would jump from the title's h1 to them. */}
        <h2 className="visually-hidden">Opening post</h2>
        <PostCard post={firstPost} threadId={thread.id} groupName={group.name} showReply={showReply} isFirst />
        {firstPost.children.length > 0 ? (
          <PostTree posts={firstPost.children} threadId={thread.id} groupName={group.name} showReply={showReply} depth={1} />
        ) : null}
        <section className="replies" aria-labelledby="replies-heading">
          <div className="replies__toolbar">
            <h2 id="replies-heading" className="replies__heading">
              {replies === 0 ? "Replies" : pluralize(replies, "reply", "replies")}
            </h2>
            {thread.topLevelReplies > 1 ? <PostSortToggle basePath={basePath} sort={sort} extraQuery={extraQuery} /> : null}
          </div>
          {/* New replies go where this order puts them: first when the newest come first, else last. */}
          {sort === "new" ? live : null}
          {page.posts.length > 0 ? (
            <PostTree posts={page.posts} threadId={thread.id} groupName={group.name} showReply={showReply} />
          ) : firstPost.children.length === 0 ? (
            <EmptyState title="No replies yet">{showReply ? <p>Be the first to answer: use Reply under the opening post.</p> : null}</EmptyState>
          ) : null}
          {sort === "new" ? null : live}
          <LoadMorePosts threadId={thread.id} groupName={group.name} sort={sort} pageSize={pageSize} startPostId={page.nextCursor} showReply={showReply} />
        </section>
        <PostLightbox />
      </main>
    </FileAttachmentsAllowedProvider>
  );
}
