import type { Metadata } from "next";
import Link from "next/link";
import { CategoryManager } from "@/components/group-admin/category-manager";
import { ArchiveSettingsForm } from "@/components/group-admin/archive-settings-form";
import { FeatureSwitchesForm } from "@/components/group-admin/feature-switches-form";
import { GateEditor } from "@/components/group-admin/gate-editor";
import { TagManager } from "@/components/group-admin/tag-manager";
import { TipTokensForm } from "@/components/group-admin/tip-tokens-form";
import { PollCategoriesForm } from "@/components/group-admin/poll-categories-form";
import { GroupSettingsForm } from "@/components/group-admin/group-settings-form";
import { MembershipSettingsForm } from "@/components/group-admin/membership-settings-form";
import { GroupFormPage } from "@/components/groups/group-form-page";
import { requireViewer } from "@/lib/session/session";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { getGroupByName, getGroupCategories } from "@/lib/views/page-data";

export const metadata: Metadata = { title: "Community settings", robots: { index: false } };

interface GroupSettingsPageProps {
  params: Promise<{ name: string }>;
}

export default async function GroupSettingsPage({ params }: GroupSettingsPageProps) {
  const { name } = await params;
  await requireViewer(`/g/${name}/settings`);
  const group = await getGroupByName(name);
  if (!group.viewerCanManage) {
    return (
      <GroupFormPage
        group={group}
        current="Settings"
        title="You can’t change this community"
        lead={<>Only the owner and admins of {group.title} can open its settings. If you think you should have access, ask the community’s owner.</>}
      >
        <Link className="button button--secondary" href={`/g/${group.name}`}>
          Back to {group.title}
        </Link>
      </GroupFormPage>
    );
  }
  const categories = await getGroupCategories(group.id);
  return (
    <GroupFormPage group={group} current="Settings" title={<>{group.title} settings</>} lead="Changes show up on the community page as soon as you save them.">
      <GroupSettingsForm
        groupId={group.id}
        groupName={group.name}
        initial={{ title: group.title, description: group.description, cover: group.cover, logo: group.logo }}
        previews={{ cover: proxyImageUrl(group.cover), logo: proxyImageUrl(group.logo) }}
      />
      <FeatureSwitchesForm groupId={group.id} groupName={group.name} features={group.features} />
      <MembershipSettingsForm group={group} />
      <GateEditor group={group} />
      <ArchiveSettingsForm group={{ id: group.id, name: group.name, archive: group.archive, archiveRefusal: group.archiveRefusal }} />
      <TipTokensForm key={JSON.stringify(group.tipTokens)} groupId={group.id} tokens={group.tipTokens} tipsOn={group.tipsOn} />
      <CategoryManager groupId={group.id} groupName={group.name} categories={categories} />
      <PollCategoriesForm groupId={group.id} categories={categories} selected={group.pollCategoryIds} />
      {group.features.topic_organization ? (
        <TagManager groupId={group.id} groupName={group.name} tags={group.tags} />
      ) : (
        <section className="form-card" aria-labelledby="tags-off-title">
          <h2 id="tags-off-title">Tags</h2>
          <p className="form-hint">Tags are switched off under Features: threads keep theirs, hidden until you switch tags on again.</p>
        </section>
      )}
    </GroupFormPage>
  );
}
