"use client";

import Link from "next/link";
import { useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { Avatar } from "@/components/ui/avatar";
import { loadPollVotersAction } from "@/lib/actions/poll-actions";
import { formatCount } from "@/lib/format/counts";
import type { PollView, PollVoterView } from "@/lib/views/poll-view";
import { formatBaseUnits } from "@/lib/format/poll-numbers";

/** A public poll's voters and what each chose, loaded when asked for, 20 at a time. */
export function PollVoters({ poll }: { poll: PollView }) {
  const { error, pending, run } = useActionRun();
  const [voters, setVoters] = useState<PollVoterView[] | null>(null);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(0);
  const textOf = new Map(poll.options.map((option) => [option.id, option.text]));

  const load = (next: number) =>
    run(
      () => loadPollVotersAction({ pollId: poll.id, page: next }),
      (data) => {
        setVoters((current) => (next === 1 ? data.voters : [...(current ?? []), ...data.voters]));
        setCount(data.count);
        setPage(next);
      },
    );

  if (voters === null) {
    return (
      <div className="poll-voters">
        <button type="button" className="button button--secondary" onClick={() => load(1)} disabled={pending}>
          {pending ? "Loading voters…" : "Show who voted"}
        </button>
        <ActionError error={error} />
      </div>
    );
  }
  return (
    <section className="poll-voters" aria-label={`Voters of ${poll.title || "the poll"}`}>
      <h4 className="poll-voters__title">Who voted ({formatCount(count)})</h4>
      <ul className="poll-voters__list">
        {voters.map((voter) => (
          <li key={voter.user.id} className="poll-voters__row">
            <Avatar name={voter.user.username} seed={voter.user.id} src={voter.user.photoUrl} size={28} />
            <Link href={`/u/${voter.user.id}`}>{voter.user.username}</Link>
            <span className="poll-voters__choice">
              {voter.optionIds.map((id) => textOf.get(id) ?? `#${id}`).join(poll.kind === "ranked" ? " › " : ", ")}
              {poll.weightedByToken ? ` · weight ${formatBaseUnits(voter.weight)}` : ""}
            </span>
          </li>
        ))}
      </ul>
      {voters.length < count ? (
        <button type="button" className="button button--secondary" onClick={() => load(page + 1)} disabled={pending}>
          {pending ? "Loading…" : "Show more voters"}
        </button>
      ) : null}
      <ActionError error={error} />
    </section>
  );
}
