import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { pluralize } from "@/lib/format/counts";
import type { ModerationView } from "@/lib/views/moderation-view";
import { ReportCard } from "./report-card";
import "./moderation.css";

export interface ReportQueueProps {
  groupName: string;
  reports: ModerationView["reports"];
}

/** The reports of a group, open or resolved, newest first. */
export function ReportQueue({ groupName, reports }: ReportQueueProps) {
  const base = `/g/${groupName}/moderation`;
  const statusHref = (status: "open" | "resolved", page = 1) => {
    const query = new URLSearchParams();
    if (status === "resolved") query.set("status", status);
    if (page > 1) query.set("page", String(page));
    const search = query.toString();
    return search ? `${base}?${search}` : base;
  };
  const banHref = (username: string) => {
    const query = new URLSearchParams({ ban: username });
    if (reports.status === "resolved") query.set("status", "resolved");
    return `${base}?${query.toString()}#ban-user`;
  };
  const open = reports.status === "open";
  return (
    <section className="mod-section" aria-labelledby="reports-heading" id="reports">
      <div className="mod-section__header">
        <h2 id="reports-heading" className="mod-section__title">
          Reports
        </h2>
        <nav className="mod-tabs" aria-label="Which reports">
          <Link className="mod-tabs__tab" href={statusHref("open")} aria-current={open ? "page" : undefined}>
            Open
          </Link>
          <Link className="mod-tabs__tab" href={statusHref("resolved")} aria-current={open ? undefined : "page"}>
            Resolved
          </Link>
        </nav>
      </div>
      <p className="mod-section__lead">
        {open
          ? `${pluralize(reports.total, "open report")}. Dismiss a report to keep the post, or delete the post.`
          : `${pluralize(reports.total, "resolved report")}, newest first.`}
      </p>
      {reports.items.length > 0 ? (
        <ol className="report-list">
          {reports.items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} banHref={banHref} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={open ? "No open reports" : "No resolved reports yet"}>
          <p>{open ? "When someone reports a post, it shows up here." : "Reports you dismiss or act on are kept here."}</p>
        </EmptyState>
      )}
      <Pagination page={reports.page} totalPages={reports.totalPages} hrefFor={(page) => statusHref(reports.status, page)} />
    </section>
  );
}
