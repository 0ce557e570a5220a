import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { resolveReportAction } from "@/lib/actions/group-moderation-actions";
import type { ReportView } from "@/lib/views/moderation-view";
import { ActionButtons } from "./action-buttons";
import "../posts/posts.css";
import "./moderation.css";

export interface ReportCardProps {
  report: ReportView;
  /** Where "Ban author" goes: this page with the ban form filled in. */
  banHref: (username: string) => string;
}

const DELETED_TEXT = { author: "Deleted by its author.", moderator: "Removed by a moderator." } as const;

/** One report: the post in its thread, why it was reported and by whom, and what to do about it. */
export function ReportCard({ report, banHref }: ReportCardProps) {
  const { post } = report;
  const headingId = `report-${report.id}-title`;
  return (
    <article className="card report" aria-labelledby={headingId} data-testid="report">
      <header className="report__header">
        <span className={`mod-badge mod-badge--${report.open ? "open" : "closed"}`}>{report.reason}</span>
        <p className="report__meta">
          Reported by <Link href={`/u/${report.reporter.id}`}>{report.reporter.username}</Link> · <RelativeTime value={report.createdAt} />
        </p>
      </header>
      {report.note ? <blockquote className="report__note">{report.note}</blockquote> : null}
      <div className="report__post">
        <h3 id={headingId} className="report__thread">
          <Link href={post.href}>{post.threadTitle}</Link>
        </h3>
        <p className="report__byline">
          Post by <Link href={`/u/${post.author.id}`}>{post.author.username}</Link> · <RelativeTime value={post.createdAt} />
          {report.authorBanned ? <span className="mod-badge mod-badge--banned">Banned</span> : null}
        </p>
        {post.deletedBy ? (
          <p className="report__deleted">{DELETED_TEXT[post.deletedBy]}</p>
        ) : (
          // renderDeltaToHtml's sanitised output is the only HTML that reaches this element.
          <div
            className="report__body prose"
            tabIndex={0}
            role="region"
            aria-label={`Reported post by ${post.author.username}`}
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
        )}
      </div>
      <footer className="report__footer">
        {report.open ? (
          <>
            <ActionButtons
              action={resolveReportAction}
              label={`Resolve the report on ${post.author.username}'s post`}
              buttons={[
                { label: "Dismiss", busyLabel: "Dismissing…", input: { reportId: report.id, action: "dismiss" } },
                { label: "Delete post", busyLabel: "Deleting…", input: { reportId: report.id, action: "delete_post" }, tone: "danger" },
              ]}
            />
            {report.banTarget ? (
              <Link className="button button--secondary mod-button" href={banHref(report.banTarget)}>
                Ban author
              </Link>
            ) : null}
          </>
        ) : (
          <p className="report__outcome">{report.outcome}</p>
        )}
      </footer>
    </article>
  );
}
