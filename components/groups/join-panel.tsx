import { MembershipControls } from "@/components/groups/membership-controls";
import type { GroupJoining, GroupView } from "@/lib/views/group-view";

const HOW_TO_JOIN: Record<GroupJoining, string> = {
  open: "Join to read its threads.",
  request: "Request to join: a moderator reads your request and lets you in.",
  invitation: "It admits members by invitation only.",
  gate: "Holders of its tokens join at once.",
};

/** What a private group's page shows to non-members instead of its threads (contract section 14). */
export function JoinPanel({ group }: { group: GroupView }) {
  return (
    <section className="join-panel" aria-labelledby="join-panel-heading">
      <h2 id="join-panel-heading">{group.joining === "request" ? "Request to join this group" : "This group is private"}</h2>
      <p>
        Only members of {group.title} can read its threads. {HOW_TO_JOIN[group.joining]}
      </p>
      {group.membership === "pending" ? <p>Your request is waiting for a moderator.</p> : null}
      <MembershipControls id={group.id} name={group.name} joining={group.joining} membership={group.membership} viewerBanned={group.viewerBanned} />
    </section>
  );
}
