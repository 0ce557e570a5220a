import type { Metadata } from "next";
import { AdminFrame, AdminSearch } from "@/components/site-admin/admin-nav";
import { GroupAdminRow } from "@/components/site-admin/group-admin-row";
import { Pagination } from "@/components/ui/pagination";
import { readPageParam } from "@/lib/views/page-data";
import { loadAdminGroups, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Groups · Site administration", robots: { index: false } };

interface AdminGroupsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AdminGroupsPage({ searchParams }: AdminGroupsPageProps) {
  const viewer = await requireSiteAdminPage();
  const params = await searchParams;
  const query = typeof params.q === "string" ? params.q.slice(0, 100) : "";
  const page = readPageParam(params.page);
  const view = await loadAdminGroups(viewer, query, page);
  const hrefFor = (n: number) => `/admin/groups?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <AdminFrame current="Groups" lead="Find a group by handle or title; keep it out of recommendations, hide it, or delete it.">
      <AdminSearch action="/admin/groups" query={query} label="Handle or title" />
      <p role="status">{view.total === 1 ? "1 group" : `${view.total} groups`}</p>
      <ul className="site-admin__list">
        {view.rows.map((group) => (
          <GroupAdminRow key={group.id} group={group} />
        ))}
      </ul>
      <Pagination page={page} totalPages={view.totalPages} hrefFor={hrefFor} />
    </AdminFrame>
  );
}
