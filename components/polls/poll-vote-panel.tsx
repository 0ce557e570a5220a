"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { unvotePollAction, votePollAction } from "@/lib/actions/poll-actions";
import type { PollView } from "@/lib/views/poll-view";
import { PollBallot } from "./poll-ballot";
import { PollTime } from "./poll-time";

export interface PollVotePanelProps {
  poll: PollView;
  onPoll: (poll: PollView) => void;
  /** Said politely after a vote or a withdrawal. */
  onStatus: (text: string) => void;
}

function chosenText(poll: PollView): string {
  const textOf = new Map(poll.options.map((option) => [option.id, option.text]));
  const texts = (poll.viewer?.optionIds ?? []).map((id) => textOf.get(id) ?? `#${id}`);
  return poll.kind === "ranked" ? texts.map((text, index) => `${index + 1}. ${text}`).join(", ") : texts.join(", ");
}

/** What the reader can do about their vote: sign in, vote, see their vote, change or withdraw it. */
export function PollVotePanel({ poll, onPoll, onStatus }: PollVotePanelProps) {
  const pathname = usePathname();
  const { error, pending, run } = useActionRun();
  const [changing, setChanging] = useState(false);
  const viewer = poll.viewer;
  const voted = viewer?.voted === true;

  const vote = (optionIds: number[]) =>
    run(
      () => votePollAction({ pollId: poll.id, optionIds }),
      (next) => {
        setChanging(false);
        onPoll(next);
        onStatus(voted ? "Your vote was changed." : "Your vote was counted.");
      },
    );
  const withdraw = () =>
    run(
      () => unvotePollAction({ pollId: poll.id }),
      (next) => {
        onPoll(next);
        onStatus("Your vote was withdrawn.");
      },
    );

  const yourVote = voted ? (
    <p className="poll-vote__mine" data-testid="poll-my-vote">
      You voted: <strong>{chosenText(poll)}</strong>
    </p>
  ) : null;

  if (poll.status === "scheduled") {
    return <p className="poll-vote__note">Voting opens {poll.opensAt ? <PollTime value={poll.opensAt} /> : "soon"}.</p>;
  }
  if (poll.status === "closed") return yourVote;
  if (viewer === null) {
    return (
      <p className="poll-vote__note" data-guest-only>
        <Link href={`/signin?next=${encodeURIComponent(pathname)}`}>Sign in to vote</Link>
      </p>
    );
  }
  if (!voted && !poll.canVote) {
    const why =
      poll.tokenEligibility && !viewer.eligible
        ? "Only holders of the poll\u2019s token at its snapshot block may vote, and your wallets held too little."
        : "You cannot vote in this group.";
    return <p className="poll-vote__note">{why}</p>;
  }
  if (voted && !changing) {
    return (
      <div className="poll-vote">
        {yourVote}
        {poll.canVote || poll.canUnvote ? (
          <div className="poll-ballot__actions">
            {poll.canVote ? (
              <button type="button" className="button button--secondary" onClick={() => setChanging(true)} disabled={pending}>
                Change vote
              </button>
            ) : null}
            {poll.canUnvote ? (
              <button type="button" className="button button--secondary" onClick={withdraw} disabled={pending}>
                {pending ? "Withdrawing…" : "Withdraw vote"}
              </button>
            ) : null}
          </div>
        ) : poll.allowChange ? null : (
          <p className="form-hint">Votes in this poll cannot be changed.</p>
        )}
        <ActionError error={error} />
      </div>
    );
  }
  return (
    <div className="poll-vote">
      <PollBallot poll={poll} busy={pending} onSubmit={vote} onCancel={voted ? () => setChanging(false) : undefined} />
      <ActionError error={error} />
    </div>
  );
}
