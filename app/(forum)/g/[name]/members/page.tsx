import type { Metadata } from "next";
import Link from "next/link";
import { InviteForm } from "@/components/groups/invite-form";
import { ActionButtons } from "@/components/moderation/action-buttons";
import { ModerationFrame } from "@/components/moderation/moderation-frame";
import { Pagination } from "@/components/ui/pagination";
import { answerRequestAction } from "@/lib/actions/membership-actions";
import { pluralize } from "@/lib/format/counts";
import { getMembersPage, readPageParam } from "@/lib/views/page-data";
import "@/components/groups/groups.css";

interface MembersPageProps {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params, searchParams }: MembersPageProps): Promise<Metadata> {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const { group } = await getMembersPage(name, readPageParam(query.page));
  return { title: `Members · ${group.title}`, robots: { index: false } };
}

export default async function MembersPage({ params, searchParams }: MembersPageProps) {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const { group, members } = await getMembersPage(name, readPageParam(query.page));
  const base = `/g/${group.name}/members`;
  return (
    <ModerationFrame group={group} current="Members" title="Members" lead={`${pluralize(members.count, "member")} in ${group.title}, moderators first.`}>
      {members.requests ? (
        <section aria-labelledby="requests-heading" className="form-card form-stack">
          <h2 id="requests-heading">Requests to join ({members.requests.length})</h2>
          {members.requests.length === 0 ? <p>No one is waiting.</p> : null}
          <ul className="member-list">
            {members.requests.map((request) => (
              <li key={request.userId} className="member-list__item" data-testid="join-request">
                <span className="member-list__name">
                  <Link href={`/u/${request.userId}`}>{request.username}</Link>
                  {request.message ? <span className="member-list__message"> “{request.message}”</span> : null}
                </span>
                <ActionButtons
                  action={answerRequestAction}
                  label={`Request from ${request.username}`}
                  buttons={[
                    {
                      label: "Approve",
                      busyLabel: "Approving…",
                      input: { groupId: group.id, groupName: group.name, userId: request.userId, approve: true },
                      context: request.username,
                    },
                    {
                      label: "Reject",
                      busyLabel: "Rejecting…",
                      tone: "danger",
                      input: { groupId: group.id, groupName: group.name, userId: request.userId, approve: false },
                      context: request.username,
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
          <InviteForm groupId={group.id} groupName={group.name} />
        </section>
      ) : null}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="visually-hidden">
          Members
        </h2>
        <ul className="member-list">
          {members.members.map((member) => (
            <li key={member.id} className="member-list__item">
              <span className="member-list__name">
                <Link href={`/u/${member.id}`}>{member.username}</Link>
              </span>
              {member.role ? <span className="privacy-mark">{member.role}</span> : null}
            </li>
          ))}
        </ul>
        <Pagination page={members.page} totalPages={members.totalPages} hrefFor={(page) => (page === 1 ? base : `${base}?page=${page}`)} />
      </section>
    </ModerationFrame>
  );
}
