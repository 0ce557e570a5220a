import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { ModlogEntryView } from "@/lib/views/modlog-view";
import "./moderation.css";

export interface ModlogListProps {
  entries: ModlogEntryView[];
}

function EntryText({ entry }: { entry: ModlogEntryView }) {
  const { target } = entry;
  return (
    <p className="modlog-entry__what">
      {entry.verb}
      {target ? " " : null}
      {target?.href ? <Link href={target.href}>{target.label}</Link> : target?.label}
      {entry.rest ? ` ${entry.rest}` : null}
    </p>
  );
}

/** What the moderators did, newest first; who did it only when the view model carries it. */
export function ModlogList({ entries }: ModlogListProps) {
  return (
    <ol className="modlog-list">
      {entries.map((entry) => (
        <li key={entry.id} className="modlog-entry" data-testid="modlog-entry">
          <EntryText entry={entry} />
          {entry.reason ? (
            <p className="modlog-entry__reason">
              <span className="visually-hidden">Reason: </span>
              {entry.reason}
            </p>
          ) : null}
          <p className="modlog-entry__meta">
            <RelativeTime value={entry.createdAt} />
            {entry.moderator ? (
              <>
                {" · by "}
                <Link href={`/u/${entry.moderator.id}`}>{entry.moderator.username}</Link>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
