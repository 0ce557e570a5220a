import type { Metadata } from "next";
import { Suspense } from "react";
import { NewThreadLink } from "@/components/editor/new-thread-link";
import { BoardThreads } from "@/components/groups/board-threads";
import { GroupBoard } from "@/components/groups/group-board";
import { JoinPanel } from "@/components/groups/join-panel";
import { TagFilter } from "@/components/tags/tag-filter";
import { SkeletonRows } from "@/components/ui/skeleton";
import { describeGroupPage } from "@/lib/views/group-metadata";
import { getGroupByName, getGroupCategories, readPageParam } from "@/lib/views/page-data";
import { readTagParam } from "@/lib/views/tag-view";

interface GroupPageProps {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params, searchParams }: GroupPageProps): Promise<Metadata> {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const group = await getGroupByName(name);
  const page = readPageParam(query.page);
  return describeGroupPage(group, {
    path: page > 1 ? `/g/${group.name}?page=${page}` : `/g/${group.name}`,
    title: page > 1 ? `${group.title} (page ${page})` : group.title,
    description: group.description || `Threads and discussions in ${group.title} on Agora.`,
  });
}

// The group is loaded before anything streams, so an unknown group is a real 404; the threads
// then stream in behind a skeleton.
export default async function GroupPage({ params, searchParams }: GroupPageProps) {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const group = await getGroupByName(name);
  const categories = await getGroupCategories(group.id);
  const page = readPageParam(query.page);
  const newThread = <NewThreadLink groupName={group.name} />;
  // A private group shows its card to everyone and its threads to members only.
  if (!group.viewerCanRead) {
    return (
      <GroupBoard group={group} categories={[]} category={null} newThread={null} heading="Members only">
        <JoinPanel group={group} />
      </GroupBoard>
    );
  }
  // Contract section 18: ?tag= lists one tag's threads; a tag the group does not have is a 404.
  const tag = readTagParam(query.tag, group.tags);
  return (
    <GroupBoard
      group={group}
      categories={categories}
      category={null}
      newThread={newThread}
      trail={<TagFilter groupName={group.name} tags={group.tags} activeId={tag?.id ?? null} />}
      heading={tag ? `Threads tagged “${tag.name}”` : undefined}
    >
      <Suspense key={`${page}:${tag?.id ?? 0}`} fallback={<SkeletonRows rows={6} variant="row" />}>
        <BoardThreads groupId={group.id} groupName={group.name} categoryId={null} page={page} newThread={newThread} tagId={tag?.id} />
      </Suspense>
    </GroupBoard>
  );
}
