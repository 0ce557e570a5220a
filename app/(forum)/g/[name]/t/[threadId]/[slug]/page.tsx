import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { ThreadLive } from "@/components/live/thread-live";
import { FileAttachmentsAllowedProvider } from "@/components/editor/file-attachments-allowed";
import { ShareButton } from "@/components/threads/share-button";
import { TipTokensProvider } from "@/components/tips/tip-tokens-context";
import { PostCard } from "@/components/posts/post-card";
import { PostLightbox } from "@/components/posts/post-lightbox";
import { ThreadPollsSlot } from "@/components/polls/lazy-thread-polls";
import { PostTree } from "@/components/posts/post-tree";
import { TagChips } from "@/components/tags/tag-chips";
import { LoadMorePosts } from "@/components/threads/load-more-posts";
import { LockedBadge, PinnedBadge } from "@/components/threads/pinned-badge";
import { PostSortToggle } from "@/components/threads/post-sort-toggle";
import { ThreadReaderProvider } from "@/components/threads/thread-reader";
import { QuoteSelection } from "@/components/posts/quote-selection";
import { NoRepliesYet, ThreadHeaderControls, ThreadReaderNotices } from "@/components/threads/thread-reader-controls";
import { pluralize } from "@/lib/format/counts";
import { isKeptPageRender } from "@/lib/session/session";
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
  const [thread, group, kept] = await Promise.all([getThread(route.id, route.groupName, sort, pageSize), getGroupByName(route.groupName), isKeptPageRender()]);
  const extraQuery = pageSize === THREAD_PAGE_SIZE ? "" : `page_size=${pageSize}`;
  return { thread, group, sort, pageSize, basePath: route.path, extraQuery, liveCursor, kept };
}

export async function generateMetadata(props: ThreadPageProps): Promise<Metadata> {
  const { thread, group, basePath } = await loadThreadPage(props);
  // A sensitive opening post stays out of link previews (contract section 17).
  const description = (thread.firstPost.nsfw ? "" : thread.excerpt) || `A thread in ${group.title} on Agora.`;
  return {
    title: `${thread.title} · ${group.title}`,
    description,
    alternates: { canonical: basePath },
    // The group's share_externally feature (contract section 20) decides on link previews.
    ...(group.features.share_externally ? { openGraph: { type: "article", title: thread.title, description, url: basePath, siteName: "Agora" } } : {}),
  };
}

export default async function ThreadPage(props: ThreadPageProps) {
  const { thread, group, sort, pageSize, basePath, extraQuery, liveCursor, kept } = await loadThreadPage(props);
  const { firstPost, page, replies, viewer } = thread;
  // Categories name the breadcrumb, and the tools offer them as places to move the thread to (the
  // kept page does not know whether its reader gets the tools).
  const categories = thread.categoryId === null && !viewer.canEditThread && !kept ? [] : await getGroupCategories(group.id);
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
    <ThreadReaderProvider threadId={thread.id} kept={kept} showsNsfw={viewer.showsNsfw}>
      <FileAttachmentsAllowedProvider allowed={viewer.signedIn && group.viewerCanAttachFiles} uploads={group.features.attached_files}>
        <TipTokensProvider tokens={group.tipsOn ? group.tipTokens : []}>
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
              <TagChips groupName={group.name} tags={thread.tags} />
              {/* The group's share_externally feature (contract section 20). */}
              {group.features.share_externally ? <ShareButton title={thread.title} path={basePath} /> : null}
              <ThreadHeaderControls
                threadId={thread.id}
                isDeleted={thread.isDeleted}
                viewer={viewer}
                tools={{
                  threadId: thread.id,
                  groupName: group.name,
                  title: thread.title,
                  categoryId: thread.categoryId,
                  categories,
                  tags: group.tags,
                  tagIds: thread.tags.map((tag) => tag.id),
                  isPinned: thread.isPinned,
                  isLocked: thread.isLocked,
                }}
              />
            </header>
            <ThreadReaderNotices notices={viewer.notices} />
            {/* Posts may hold h3s of their own; without this the outline would jump from the title's h1 to them. */}
            <h2 className="visually-hidden">Opening post</h2>
            <PostCard post={firstPost} threadId={thread.id} groupName={group.name} showReply={showReply} isFirst />
            <ThreadPollsSlot threadId={thread.id} polls={thread.polls} since={liveCursor} viewer={viewer} />
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
                <NoRepliesYet showReply={showReply} />
              ) : null}
              {sort === "new" ? null : live}
              <LoadMorePosts threadId={thread.id} groupName={group.name} sort={sort} pageSize={pageSize} startPostId={page.nextCursor} showReply={showReply} />
            </section>
            <PostLightbox />
            <QuoteSelection />
          </main>
        </TipTokensProvider>
      </FileAttachmentsAllowedProvider>
    </ThreadReaderProvider>
  );
}
