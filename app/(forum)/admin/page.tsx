import type { Metadata } from "next";
import { AdminFrame } from "@/components/site-admin/admin-nav";
import { loadAdminHealth, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Site administration", robots: { index: false } };

export default async function AdminHealthPage() {
  const rows = await loadAdminHealth(await requireSiteAdminPage());
  return (
    <AdminFrame current="Health" lead="What this instance sees of the services the forum depends on, checked as the page loads.">
      <section className="form-card" aria-labelledby="health-title">
        <h2 id="health-title">Health</h2>
        <table className="site-admin__table">
          <tbody>
            {rows.map(([name, status]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td data-testid={`health-${name}`}>{status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </AdminFrame>
  );
}
