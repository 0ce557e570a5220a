import type { Metadata } from "next";
import { toCategoryOptions } from "@/components/editor/category-options";
import { NewThreadForm } from "@/components/editor/new-thread-form";
import { GroupFormPage } from "@/components/groups/group-form-page";
import { requireViewer } from "@/lib/session/session";
import { getGroupByName, getGroupCategories } from "@/lib/views/page-data";

export const metadata: Metadata = { title: "New thread", robots: { index: false } };

interface NewThreadPageProps {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function NewThreadPage({ params, searchParams }: NewThreadPageProps) {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const category = typeof query.category === "string" && /^\d{1,10}$/.test(query.category) ? Number(query.category) : null;
  await requireViewer(`/g/${name}/new${category ? `?category=${category}` : ""}`);
  const group = await getGroupByName(name);
  const options = toCategoryOptions(await getGroupCategories(group.id));
  const initialCategoryId = options.some((option) => option.id === category) ? category : null;
  return (
    <GroupFormPage
      group={group}
      current="New thread"
      title={<>Start a thread in {group.title}</>}
      lead="Give it a clear title so people know what it is about before they open it."
    >
      <NewThreadForm
        groupId={group.id}
        groupName={group.name}
        categories={options}
        initialCategoryId={initialCategoryId}
        allowFiles={group.viewerCanAttachFiles && group.features.attached_files}
        uploadsOn={group.features.attached_files}
        tags={group.tags}
        canAddRestrictedTags={group.viewerIsModerator}
        pollCategoryIds={group.pollCategoryIds}
      />
    </GroupFormPage>
  );
}
