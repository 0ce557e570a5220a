import type { Metadata } from "next";
import { AdminFrame } from "@/components/site-admin/admin-nav";
import { JobLists } from "@/components/site-admin/job-lists";
import { loadAdminJobs, requireSiteAdminPage } from "@/lib/views/site-admin-view";

export const metadata: Metadata = { title: "Jobs · Site administration", robots: { index: false } };

export default async function AdminJobsPage() {
  const overview = await loadAdminJobs(await requireSiteAdminPage());
  return (
    <AdminFrame
      current="Jobs"
      lead="Work done after a request (archives, reminders, sweeps, uploads' clean-up) runs from this queue; a failed job is retried with growing delays, then waits here."
    >
      <JobLists overview={overview} />
    </AdminFrame>
  );
}
