import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { NewThreadLink } from "@/components/editor/new-thread-link";
import { BoardThreads } from "@/components/groups/board-threads";
import { GroupBoard } from "@/components/groups/group-board";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { SkeletonRows } from "@/components/ui/skeleton";
import { describeGroupPage } from "@/lib/views/group-metadata";
import type { CategoryView } from "@/lib/views/group-view";
import { getGroupByName, getGroupCategories, readIdSegment, readPageParam } from "@/lib/views/page-data";

interface CategoryPageProps {
  params: Promise<{ name: string; categoryId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function loadCategory(name: string, categoryIdSegment: string) {
  const categoryId = readIdSegment(categoryIdSegment);
  const group = await getGroupByName(name);
  // A private group's categories are for members: others are offered to join on its page.
  if (!group.viewerCanRead) redirect(`/g/${group.name}`);
  const categories = await getGroupCategories(group.id);
  const category = categories.find((candidate) => candidate.id === categoryId);
  if (!category) notFound();
  return { group, categories, category };
}

function findParent(categories: CategoryView[], category: CategoryView): CategoryView | undefined {
  return category.parentId === null ? undefined : categories.find((candidate) => candidate.id === category.parentId);
}

export async function generateMetadata({ params }: CategoryPageProps): Promise<Metadata> {
  const { name, categoryId } = await params;
  const { group, category } = await loadCategory(name, categoryId);
  return describeGroupPage(group, {
    path: `/g/${group.name}/c/${category.id}`,
    title: `${category.name} · ${group.title}`,
    description: `Threads in ${category.name}, a category of ${group.title} on Agora.`,
  });
}

export default async function CategoryPage({ params, searchParams }: CategoryPageProps) {
  const [{ name, categoryId }, query] = await Promise.all([params, searchParams]);
  const { group, categories, category } = await loadCategory(name, categoryId);
  const page = readPageParam(query.page);
  const parent = findParent(categories, category);
  const newThread = <NewThreadLink groupName={group.name} categoryId={category.id} />;
  const trail = [{ href: `/g/${group.name}`, label: group.title }];
  if (parent) trail.push({ href: `/g/${group.name}/c/${parent.id}`, label: parent.name });
  return (
    <GroupBoard group={group} categories={categories} category={category} newThread={newThread} trail={<Breadcrumbs links={trail} current={category.name} />}>
      <Suspense key={page} fallback={<SkeletonRows rows={6} variant="row" />}>
        <BoardThreads groupId={group.id} groupName={group.name} categoryId={category.id} page={page} newThread={newThread} />
      </Suspense>
    </GroupBoard>
  );
}
