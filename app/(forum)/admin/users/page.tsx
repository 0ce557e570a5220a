import type { Metadata } from "next";
import { AdminFrame, AdminSearch } from "@/components/site-admin/admin-nav";
import { UserAdminRow } from "@/components/site-admin/user-admin-row";
import { Pagination } from "@/components/ui/pagination";
import { readPageParam } from "@/lib/views/page-data";
import { loadAdminUsers, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Users · Site administration", robots: { index: false } };

interface AdminUsersPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AdminUsersPage({ searchParams }: AdminUsersPageProps) {
  const viewer = await requireSiteAdminPage();
  const params = await searchParams;
  const query = typeof params.q === "string" ? params.q.slice(0, 100) : "";
  const page = readPageParam(params.page);
  const view = await loadAdminUsers(viewer, query, page);
  const hrefFor = (n: number) => `/admin/users?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <AdminFrame current="Users" lead="Find an account by name or wallet; suspend or restore it, or make it a site admin.">
      <AdminSearch action="/admin/users" query={query} label="Name or wallet" />
      <p role="status">{view.total === 1 ? "1 account" : `${view.total} accounts`}</p>
      <ul className="site-admin__list">
        {view.rows.map((user) => (
          <UserAdminRow key={user.id} user={user} isSelf={user.id === viewer.id} />
        ))}
      </ul>
      <Pagination page={page} totalPages={view.totalPages} hrefFor={hrefFor} />
    </AdminFrame>
  );
}
