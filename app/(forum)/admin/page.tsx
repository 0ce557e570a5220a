import type { Metadata } from "next";
import { AdminFrame } from "@/components/site-admin/admin-nav";
import { loadAdminHealth, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Site administration", robots: { index: false } };

function describe(status: string | null, off: string): string {
  return status === null ? off : status;
}

export default async function AdminHealthPage() {
  const health = await loadAdminHealth(await requireSiteAdminPage());
  const rows: [string, string][] = [
    ["Database", health.database],
    ["Migrations", health.migrations],
    ["Read replica", describe(health.replica, "not configured")],
    ["Redis", describe(health.redis, "not configured")],
    ["SMTP (email)", describe(health.smtp, "not configured: no email is sent")],
    ["Archive gateway (Arweave)", describe(health.archiveGateway, "not configured: archiving is off")],
  ];
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
