"use client";

import { useId, useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { closePollAction, editPollAction } from "@/lib/actions/poll-actions";
import { pollResultsShown, type PollView } from "@/lib/views/poll-view";
import { checkPollEdit, draftFromPoll, pollEditInput } from "./poll-edit";
import { PollForm } from "./poll-form";
import { KIND_LABELS } from "./poll-labels";
import { PollResults, PollResultsHidden } from "./poll-results";
import { PollTime } from "./poll-time";
import { PollTokenInfo } from "./poll-token-info";
import { PollVotePanel } from "./poll-vote-panel";
import { PollVoters } from "./poll-voters";

export interface PollCardProps {
  poll: PollView;
  /** The poll as the server answered it after this reader's action. */
  onPoll: (poll: PollView) => void;
}

function kindText(poll: PollView): string {
  if (poll.kind !== "multiple") return KIND_LABELS[poll.kind];
  return poll.min === poll.max ? `Choose ${poll.max}` : `Choose ${poll.min === 1 ? "up to" : `${poll.min} to`} ${poll.max}`;
}

function StatusText({ poll }: { poll: PollView }) {
  if (poll.status === "scheduled") return <>Opens {poll.opensAt ? <PollTime value={poll.opensAt} /> : "soon"}</>;
  if (poll.status === "closed") return <>Closed</>;
  return poll.closesAt ? (
    <>
      Open until <PollTime value={poll.closesAt} />
    </>
  ) : (
    <>Open</>
  );
}

/** One poll of a thread: its terms, the results (or why they are hidden), the reader's vote, and the author's close and reopen. */
export function PollCard({ poll, onPoll }: PollCardProps) {
  const headingId = useId();
  const [status, setStatus] = useState("");
  const manage = useActionRun();
  const [editing, setEditing] = useState(false);
  const shown = pollResultsShown(poll);

  if (editing) {
    const original = draftFromPoll(poll);
    return (
      <article className="poll-card" data-testid="poll-card" data-poll-id={poll.id}>
        <PollForm
          initial={original}
          heading="Edit poll"
          submitLabel="Save poll"
          check={(draft) => checkPollEdit(original, draft)}
          submit={(draft) => editPollAction({ pollId: poll.id, poll: pollEditInput(original, draft) })}
          onDone={(next) => {
            onPoll(next);
            setEditing(false);
            setStatus("The poll is saved.");
          }}
          onCancel={() => setEditing(false)}
        />
      </article>
    );
  }

  const setClosed = (closed: boolean) =>
    manage.run(
      () => closePollAction({ pollId: poll.id, closed }),
      (next) => {
        onPoll(next);
        setStatus(closed ? "The poll is closed." : "The poll is open again.");
      },
    );

  return (
    <article className="poll-card" aria-labelledby={headingId} data-testid="poll-card" data-poll-id={poll.id}>
      <header className="poll-card__header">
        <h3 id={headingId} className="poll-card__title">
          {poll.title || "Poll"}
        </h3>
        <p className="poll-card__meta">
          <span className="poll-card__status" data-status={poll.status}>
            <StatusText poll={poll} />
          </span>
          <span>{kindText(poll)}</span>
          <span>{poll.publicVoters ? "Public votes" : "Secret ballot"}</span>
          {poll.token ? <span>Token poll</span> : null}
        </p>
      </header>
      {poll.token ? <PollTokenInfo poll={poll} /> : null}
      {shown ? <PollResults poll={poll} /> : <PollResultsHidden poll={poll} />}
      <PollVotePanel poll={poll} onPoll={onPoll} onStatus={setStatus} />
      {poll.publicVoters && shown && (poll.voterCount ?? 0) > 0 ? <PollVoters key={poll.voterCount} poll={poll} /> : null}
      {poll.canManage ? (
        <div className="poll-card__manage">
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)} disabled={manage.pending}>
            Edit poll
          </button>
          {poll.status === "closed" ? (
            <button type="button" className="button button--secondary" onClick={() => setClosed(false)} disabled={manage.pending}>
              Reopen poll
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setClosed(true)} disabled={manage.pending}>
              Close poll
            </button>
          )}
          <ActionError error={manage.error} />
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </article>
  );
}
