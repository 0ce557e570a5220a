import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { setGroupRoleAction } from "@/lib/actions/group-moderation-actions";
import type { ModerationView } from "@/lib/views/moderation-view";
import { ActionButtons } from "./action-buttons";
import { AddToTeamForm } from "./add-to-team-form";
import "./moderation.css";

export interface TeamPanelProps {
  groupId: number;
  team: ModerationView["team"];
  assignable: ModerationView["assignable"];
}

/** The owner, admins and moderators; role buttons only where the viewer may change the role. */
export function TeamPanel({ groupId, team, assignable }: TeamPanelProps) {
  return (
    <section className="mod-section" aria-labelledby="team-heading" id="team">
      <div className="mod-section__header">
        <h2 id="team-heading" className="mod-section__title">
          Team
        </h2>
      </div>
      <p className="mod-section__lead">Moderators handle reports and bans. Admins also edit the community and name moderators.</p>
      <ul className="mod-list" aria-label="The community's team">
        {team.map((member) => (
          <li key={member.user.id} className="mod-list__item" data-testid="team-member">
            <div className="mod-list__person">
              <Avatar name={member.user.username} seed={member.user.id} src={member.user.photoUrl} size={36} />
              <div className="mod-list__main">
                <p className="mod-list__name">
                  <Link href={`/u/${member.user.id}`}>{member.user.username}</Link>
                  {member.isViewer ? <span className="mod-list__you"> (you)</span> : null}
                </p>
                <p className="mod-list__detail">
                  <span className={`mod-badge mod-badge--${member.role}`}>{member.roleLabel}</span>
                </p>
              </div>
            </div>
            {member.changes.length > 0 ? (
              <ActionButtons
                action={setGroupRoleAction}
                label={`Role of ${member.user.username}`}
                buttons={member.changes.map((change) => ({
                  label: change.label,
                  busyLabel: "Saving…",
                  context: `(${member.user.username})`,
                  input: { groupId, user: { id: member.user.id }, role: change.role },
                  tone: change.role === null ? ("danger" as const) : undefined,
                }))}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {assignable.length > 0 ? <AddToTeamForm groupId={groupId} roles={assignable} /> : null}
    </section>
  );
}
