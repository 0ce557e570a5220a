import type { Metadata } from "next";
import { AdminFrame } from "@/components/site-admin/admin-nav";
import { ApiKeysPanel } from "@/components/site-admin/api-keys-panel";
import { loadAdminApiKeys, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "API keys · Site administration", robots: { index: false } };

export default async function AdminKeysPage() {
  const keys = await loadAdminApiKeys(await requireSiteAdminPage());
  return (
    <AdminFrame current="API keys" lead="Every API request carries one of these keys; a revoked key stops working within a minute on every instance.">
      <ApiKeysPanel keys={keys} />
    </AdminFrame>
  );
}
