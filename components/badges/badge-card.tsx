import Link from "next/link";
import { BadgeForm } from "@/components/badges/badge-form";
import { GrantForm } from "@/components/badges/grant-form";
import { ActionButtons } from "@/components/moderation/action-buttons";
import { deleteBadgeAction, revokeBadgeAction } from "@/lib/actions/badge-actions";
import { pluralize } from "@/lib/format/counts";
import type { BadgeView } from "@/lib/views/badges-view";

const KIND_WORDS = { manual: "Given by moderators", rule: "Earned", token: "For holders" } as const;

interface BadgeCardProps {
  group: { id: number; name: string };
  badge: BadgeView;
  canManage: boolean;
  canGrant: boolean;
}

/** One badge: its art, how it is given, who holds it; grant and revoke for moderators, edit and delete for admins. */
export function BadgeCard({ group, badge, canManage, canGrant }: BadgeCardProps) {
  const manual = badge.kind === "manual";
  return (
    <li className="badge-card" data-testid="badge-card" aria-labelledby={`badge-${badge.id}-name`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- badge art is proxied and small */}
      <img className="badge-card__image" src={badge.imageUrl} alt="" width={56} height={56} />
      <div className="badge-card__body">
        <h2 id={`badge-${badge.id}-name`} className="badge-card__name">
          {badge.originUrl ? (
            <a href={badge.originUrl} rel="noopener noreferrer nofollow" target="_blank">
              {badge.name}
            </a>
          ) : (
            badge.name
          )}
        </h2>
        {badge.description ? <p>{badge.description}</p> : null}
        <p className="badge-card__meta">
          {KIND_WORDS[badge.kind]}
          {badge.earnedBy ? `: ${badge.earnedBy}` : ""} · <span data-testid="grant-count">{pluralize(badge.grantCount, "holder")}</span>
          {badge.allowTitle ? " · may be a title" : ""}
        </p>
        {badge.holders.length > 0 ? (
          <ul className="badge-card__holders" aria-label={`Holders of ${badge.name}`}>
            {badge.holders.map((holder) => (
              <li key={holder.id} className="profile-badges__item">
                <Link href={`/u/${holder.id}`}>{holder.username}</Link>
                {canGrant && manual ? (
                  <ActionButtons
                    action={revokeBadgeAction}
                    label={`${badge.name} held by ${holder.username}`}
                    buttons={[
                      {
                        label: "Revoke",
                        busyLabel: "Revoking…",
                        tone: "danger",
                        context: `${badge.name} from ${holder.username}`,
                        input: { groupId: group.id, groupName: group.name, badgeId: badge.id, userId: holder.id },
                      },
                    ]}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {(canGrant && manual) || canManage ? (
        <div className="badge-card__tools">
          {canGrant && manual ? <GrantForm group={group} badge={badge} /> : null}
          {canManage ? (
            <details>
              <summary>Edit or delete</summary>
              <BadgeForm group={group} badge={badge} />
              <ActionButtons
                action={deleteBadgeAction}
                label={`Delete ${badge.name}`}
                buttons={[
                  {
                    label: "Delete badge",
                    busyLabel: "Deleting…",
                    tone: "danger",
                    context: badge.name,
                    input: { groupId: group.id, groupName: group.name, badgeId: badge.id },
                  },
                ]}
              />
            </details>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
