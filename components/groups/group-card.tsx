import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { MessageIcon, UsersIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { pluralize } from "@/lib/format/counts";
import type { GroupCardView } from "@/lib/views/group-view";
import "../ui/ui.css";
import "./groups.css";

export interface GroupCardProps {
  group: GroupCardView;
}

export function GroupCard({ group }: GroupCardProps) {
  return (
    <li className="card group-card" data-testid="group-card">
      <Avatar name={group.title} seed={group.id} src={group.logo} size={52} shape="square" />
      <div className="group-card__body">
        <h2 className="group-card__title">
          {/* The link stretches over the whole card; the title stays its accessible name. */}
          <Link href={`/g/${group.name}`} className="stretched-link">
            {group.title}
          </Link>
          {group.visibility === "private" ? <span className="privacy-mark">Private</span> : null}
          {group.visibility === "hidden" ? <span className="privacy-mark">Hidden</span> : null}
        </h2>
        <p className="group-card__handle">g/{group.name}</p>
        {group.description ? <p className="group-card__description">{group.description}</p> : null}
        <ul className="stat-list" aria-label="Statistics">
          <li>
            <UsersIcon /> {pluralize(group.members, "member")}
          </li>
          <li>
            <MessageIcon /> {pluralize(group.threads, "thread")}
          </li>
          <li>
            active <RelativeTime value={group.lastActivityAt} />
          </li>
        </ul>
      </div>
    </li>
  );
}
