import type { Metadata } from "next";
import Link from "next/link";
import { toCategoryOptions } from "@/components/editor/category-options";
import { CategoryManager } from "@/components/group-admin/category-manager";
import { GroupSettingsForm } from "@/components/group-admin/group-settings-form";
import { requireViewer } from "@/lib/auth/session";
import { canManageGroup } from "@/lib/services/group-settings";
import { getGroupByName, getGroupCategories } from "@/lib/views/page-data";
import "@/components/forms/forms.css";

export const metadata: Metadata = { title: "Community settings", robots: { index: false } };

interface GroupSettingsPageProps {
  params: Promise<{ name: string }>;
}

export default async function GroupSettingsPage({ params }: GroupSettingsPageProps) {
  const { name } = await params;
  const viewer = await requireViewer(`/g/${name}/settings`);
  const group = await getGroupByName(name);
  const allowed = await canManageGroup({ id: group.id, ownerId: group.owner }, viewer.id);
  const breadcrumbs = (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link href="/">Communities</Link>
        </li>
        <li>
          <Link href={`/g/${group.name}`}>{group.title}</Link>
        </li>
        <li aria-current="page">Settings</li>
      </ol>
    </nav>
  );
  if (!allowed) {
    return (
      <main className="form-page">
        {breadcrumbs}
        <h1>You can’t change this community</h1>
        <p className="form-page-lead">
          Only the owner and admins of {group.title} can open its settings. If you think you should have access, ask the
          community’s owner.
        </p>
        <Link className="button button--secondary" href={`/g/${group.name}`}>
          Back to {group.title}
        </Link>
      </main>
    );
  }
  const categories = toCategoryOptions(await getGroupCategories(group.id));
  return (
    <main className="form-page">
      {breadcrumbs}
      <h1>{group.title} settings</h1>
      <p className="form-page-lead">Changes show up on the community page as soon as you save them.</p>
      <GroupSettingsForm
        groupId={group.id}
        groupName={group.name}
        initial={{ title: group.title, description: group.description, cover: group.cover, logo: group.logo }}
      />
      <CategoryManager groupId={group.id} groupName={group.name} categories={categories} />
    </main>
  );
}
