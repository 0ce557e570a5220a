import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { liftBanAction } from "@/lib/actions/group-moderation-actions";
import { formatAbsoluteTime } from "@/lib/format/relative-time";
import type { ModerationView } from "@/lib/views/moderation-view";
import { ActionButtons } from "./action-buttons";
import { BanForm } from "./ban-form";
import "./moderation.css";

export interface BanPanelProps {
  groupId: number;
  bans: ModerationView["bans"];
  limits: ModerationView["limits"];
  /** A username to ban, from a report's "Ban author". */
  prefill: string;
}

/** The bans in force, each with "Lift", and the form to ban someone. */
export function BanPanel({ groupId, bans, limits, prefill }: BanPanelProps) {
  return (
    <section className="mod-section" aria-labelledby="bans-heading" id="bans">
      <div className="mod-section__header">
        <h2 id="bans-heading" className="mod-section__title">
          Bans
        </h2>
      </div>
      <p className="mod-section__lead">Banned people can still read, but cannot post, reply, like or report in this community.</p>
      {bans.length > 0 ? (
        <ul className="mod-list" aria-label="Bans in force">
          {bans.map((ban) => (
            <li key={ban.user.id} className="mod-list__item" data-testid="ban">
              <div className="mod-list__main">
                <p className="mod-list__name">
                  <Link href={`/u/${ban.user.id}`}>{ban.user.username}</Link>
                </p>
                <p className="mod-list__detail">
                  {ban.until ? (
                    <>
                      Until <time dateTime={ban.until.toISOString()}>{formatAbsoluteTime(ban.until)}</time>
                    </>
                  ) : (
                    "Until lifted"
                  )}
                  {" · "}banned by <Link href={`/u/${ban.bannedBy.id}`}>{ban.bannedBy.username}</Link> <RelativeTime value={ban.bannedAt} />
                </p>
                {ban.reason ? <p className="mod-list__reason">{ban.reason}</p> : null}
              </div>
              <ActionButtons
                action={liftBanAction}
                label={`Ban on ${ban.user.username}`}
                buttons={[{ label: "Lift", busyLabel: "Lifting…", context: `the ban on ${ban.user.username}`, input: { groupId, userId: ban.user.id } }]}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mod-section__empty" role="status">
          No one is banned.
        </p>
      )}
      <BanForm key={prefill} groupId={groupId} initialUsername={prefill} limits={limits} />
    </section>
  );
}
