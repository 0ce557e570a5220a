import Link from "next/link";
import { GroupSettingsLink } from "@/components/group-admin/group-settings-link";
import { MuteButton } from "@/components/feeds/mute-button";
import { MembershipControls } from "@/components/groups/membership-controls";
import { Avatar } from "@/components/ui/avatar";
import { UsersIcon } from "@/components/ui/icons";
import { formatCount, pluralize } from "@/lib/format/counts";
import type { GroupView } from "@/lib/views/group-view";
import "../ui/ui.css";
import "./groups.css";

export interface GroupHeaderProps {
  group: GroupView;
}

function pickCoverHue(id: number): number {
  return Math.round((id * 137.508) % 360);
}

/** Cover, logo, title, description and who is around: the top of every group page. */
export function GroupHeader({ group }: GroupHeaderProps) {
  const hue = pickCoverHue(group.id);
  // A /media/proxy address: URL-encoded, so nothing in it can end the CSS string.
  const cover = group.coverSrc ? `url("${group.coverSrc}")` : undefined;
  return (
    <header className="group-header">
      <div
        className="group-header__cover"
        style={{
          backgroundImage: cover ? `${cover}` : `linear-gradient(135deg, hsl(${hue} 60% 45%), hsl(${(hue + 50) % 360} 65% 35%))`,
        }}
        aria-hidden="true"
      />
      <div className="group-header__body">
        <Avatar name={group.title} seed={group.id} src={group.logoSrc} size={72} shape="square" className="group-header__logo" />
        <div className="group-header__text">
          <h1 className="group-header__title">
            <Link href={`/g/${group.name}`}>{group.title}</Link>
            {group.visibility === "private" ? <span className="privacy-mark">Private</span> : null}
            {group.visibility === "hidden" ? <span className="privacy-mark">Hidden</span> : null}
          </h1>
          <p className="group-header__handle">g/{group.name}</p>
          {group.description ? <p className="group-header__description">{group.description}</p> : null}
          <ul className="stat-list" aria-label="Members">
            <li>
              <UsersIcon /> {pluralize(group.members, "member")}
            </li>
            <li>
              <span className="online-dot" aria-hidden="true" /> {formatCount(group.onlineMembers)} online
            </li>
          </ul>
        </div>
        <nav className="group-header__links" aria-label={`${group.title}: moderation`}>
          <MembershipControls id={group.id} name={group.name} joining={group.joining} membership={group.membership} viewerBanned={group.viewerBanned} />
          {group.membership !== "guest" && group.viewerCanRead ? <MuteButton kind="group" id={group.id} muted={group.viewerMuted} /> : null}
          {group.viewerCanRead ? (
            <Link className="group-header__link" href={`/g/${group.name}/members`}>
              Members{group.viewerIsModerator && group.pendingCount > 0 ? ` (${group.pendingCount} waiting)` : ""}
            </Link>
          ) : null}
          {group.viewerCanRead ? (
            <Link className="group-header__link" href={`/g/${group.name}/badges`}>
              Badges
            </Link>
          ) : null}
          {/* A private group's modlog is its members' to read, as its threads are. */}
          {group.viewerCanRead ? (
            <Link className="group-header__link" href={`/g/${group.name}/modlog`}>
              Modlog
            </Link>
          ) : null}
          {group.viewerIsModerator ? (
            <Link className="button button--secondary" href={`/g/${group.name}/moderation`}>
              Moderation
            </Link>
          ) : null}
          <GroupSettingsLink groupName={group.name} managerIds={group.managerIds} />
        </nav>
      </div>
    </header>
  );
}
