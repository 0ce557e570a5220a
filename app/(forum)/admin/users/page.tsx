import type { Metadata } from "next";
import { AdminDirectory } from "@/components/site-admin/admin-nav";
import { UserAdminRow } from "@/components/site-admin/user-admin-row";
import { readPageParam } from "@/lib/views/page-data";
import { loadAdminUsers, readAdminQuery, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Users · Site administration", robots: { index: false } };

interface AdminUsersPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AdminUsersPage({ searchParams }: AdminUsersPageProps) {
  const viewer = await requireSiteAdminPage();
  const params = await searchParams;
  const query = readAdminQuery(params.q);
  const page = readPageParam(params.page);
  const view = await loadAdminUsers(viewer, query, page);
  return (
    <AdminDirectory
      current="Users"
      lead="Find an account by name or wallet; suspend or restore it, or make it a site admin."
      path="/admin/users"
      searchLabel="Name or wallet"
      query={query}
      page={page}
      totalPages={view.totalPages}
      count={view.total === 1 ? "1 account" : `${view.total} accounts`}
    >
      {view.rows.map((user) => (
        <UserAdminRow key={user.id} user={user} isSelf={user.id === viewer.id} />
      ))}
    </AdminDirectory>
  );
}
