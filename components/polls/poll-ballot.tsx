"use client";

import { useId, useState, type FormEvent } from "react";
import type { PollOptionView, PollView } from "@/lib/views/poll-view";
import { RankedBallot } from "./ranked-ballot";

export interface PollBallotProps {
  poll: PollView;
  busy: boolean;
  onSubmit: (optionIds: number[]) => void;
  /** Offered while changing a vote already cast. */
  onCancel?: () => void;
}

/** The order a ranked ballot starts in: the reader's last ranking, then the options they left out. */
function startingOrder(poll: PollView): PollOptionView[] {
  const byId = new Map(poll.options.map((option) => [option.id, option]));
  const ranked = (poll.viewer?.optionIds ?? []).flatMap((id) => byId.get(id) ?? []);
  return [...ranked, ...poll.options.filter((option) => !ranked.includes(option))];
}

function choiceHint(poll: PollView): string {
  if (poll.kind === "ranked") return "Put the options in your order of preference, your first choice at the top.";
  if (poll.kind === "single") return "Choose one option.";
  if (poll.min === poll.max) return `Choose ${poll.min} options.`;
  return `Choose ${poll.min === 1 ? "up to" : `between ${poll.min} and`} ${poll.max} options.`;
}

/** The reader's ballot: a radio group, checkboxes within min and max, or a ranking by drag or keyboard. */
export function PollBallot({ poll, busy, onSubmit, onCancel }: PollBallotProps) {
  const id = useId();
  const [chosen, setChosen] = useState<number[]>(poll.kind === "ranked" ? [] : (poll.viewer?.optionIds ?? []));
  const [order, setOrder] = useState(() => startingOrder(poll));
  const [error, setError] = useState<string | null>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = poll.kind === "multiple" && chosen.length >= poll.max;

  function toggle(optionId: number, on: boolean) {
    setError(null);
    if (poll.kind === "single") return setChosen([optionId]);
    setChosen((current) => (on ? [...current.filter((candidate) => candidate !== optionId), optionId] : current.filter((candidate) => candidate !== optionId)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (poll.kind === "ranked") return onSubmit(order.map((option) => option.id));
    if (chosen.length < poll.min || chosen.length > poll.max) {
      setError(poll.kind === "single" ? "Choose an option first." : choiceHint(poll));
      return;
    }
    // The options' own order, whatever order they were ticked in.
    onSubmit(poll.options.filter((option) => chosen.includes(option.id)).map((option) => option.id));
  }

  const described = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <form className="poll-ballot" onSubmit={submit} noValidate aria-label={`Vote in ${poll.title || "the poll"}`}>
      <fieldset className="poll-ballot__choices" aria-describedby={described}>
        <legend className="visually-hidden">{poll.title || "Poll"}</legend>
        <p id={hintId} className="form-hint">
          {choiceHint(poll)}
          {poll.kind === "ranked" ? " Drag the handles, or focus one and press Space, then the arrow keys, and Space to drop." : ""}
        </p>
        {poll.kind === "ranked" ? (
          <RankedBallot options={order} onReorder={setOrder} title={poll.title} />
        ) : (
          <ul className="poll-ballot__list">
            {poll.options.map((option) => {
              const checked = chosen.includes(option.id);
              return (
                <li key={option.id}>
                  <label className="poll-ballot__choice">
                    <input
                      type={poll.kind === "single" ? "radio" : "checkbox"}
                      name={`poll-${poll.id}`}
                      value={option.id}
                      checked={checked}
                      disabled={busy || (full && !checked)}
                      onChange={(event) => toggle(option.id, event.target.checked)}
                    />
                    <span>{option.text}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="poll-ballot__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Sending…" : poll.viewer?.voted ? "Save my new vote" : "Vote"}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Keep my vote
          </button>
        ) : null}
      </div>
    </form>
  );
}
