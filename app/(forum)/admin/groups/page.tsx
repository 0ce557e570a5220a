import type { Metadata } from "next";
import { AdminDirectory } from "@/components/site-admin/admin-nav";
import { GroupAdminRow } from "@/components/site-admin/group-admin-row";
import { readPageParam } from "@/lib/views/page-data";
import { loadAdminGroups, readAdminQuery, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Groups · Site administration", robots: { index: false } };

interface AdminGroupsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AdminGroupsPage({ searchParams }: AdminGroupsPageProps) {
  const viewer = await requireSiteAdminPage();
  const params = await searchParams;
  const query = readAdminQuery(params.q);
  const page = readPageParam(params.page);
  const view = await loadAdminGroups(viewer, query, page);
  return (
    <AdminDirectory
      current="Groups"
      lead="Find a group by handle or title; keep it out of recommendations, hide it, or delete it."
      path="/admin/groups"
      searchLabel="Handle or title"
      query={query}
      page={page}
      totalPages={view.totalPages}
      count={view.total === 1 ? "1 group" : `${view.total} groups`}
    >
      {view.rows.map((group) => (
        <GroupAdminRow key={group.id} group={group} />
      ))}
    </AdminDirectory>
  );
}
