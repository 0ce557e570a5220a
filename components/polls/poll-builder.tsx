"use client";

import { useState } from "react";
import { checkPollDraft, emptyPollDraft, MAX_POLLS, toPollInput, type PollDraft, type PollDraftErrors } from "./poll-draft";
import { PollDraftFields } from "./poll-draft-fields";
import "./polls.css";
import "./poll-builder.css";

export interface PollBuilderProps {
  polls: PollDraft[];
  onChange: (polls: PollDraft[]) => void;
  /** Each poll's problems, by its key (checkPollDraft). */
  errors: Record<string, PollDraftErrors>;
  /** The group asks every new thread here for a poll (contract section 18's poll_category). */
  required?: boolean;
}

/** The composer's polls: none until asked for, up to five, each with its own fields. */
export function PollBuilder({ polls, onChange, errors, required = false }: PollBuilderProps) {
  const replace = (key: string, next: PollDraft) => onChange(polls.map((poll) => (poll.key === key ? next : poll)));
  return (
    <div className="poll-builder form-stack" role="group" aria-label="Polls">
      {required && polls.length === 0 ? <p className="form-hint">Threads in this category need a poll.</p> : null}
      {polls.map((poll, index) => (
        <PollDraftFields
          key={poll.key}
          draft={poll}
          number={index + 1}
          errors={errors[poll.key] ?? {}}
          onChange={(next) => replace(poll.key, next)}
          onRemove={() => onChange(polls.filter((candidate) => candidate.key !== poll.key))}
        />
      ))}
      {polls.length < MAX_POLLS ? (
        <div>
          <button type="button" className="button button--secondary" onClick={() => onChange([...polls, emptyPollDraft()])}>
            {polls.length === 0 ? "Add a poll" : "Add another poll"}
          </button>
        </div>
      ) : (
        <p className="form-hint">A thread takes at most {MAX_POLLS} polls.</p>
      )}
    </div>
  );
}

/**
 * The composer's poll drafts and their checks. Nothing is said until the first `check()` (at
 * publish); from then on the messages follow every change, so a fixed field stops showing one.
 */
export function usePollDrafts() {
  const [polls, setPolls] = useState<PollDraft[]>([]);
  const [checking, setChecking] = useState(false);
  const found = checking ? Object.fromEntries(polls.map((poll) => [poll.key, checkPollDraft(poll)])) : {};
  const failed = Object.values(found).some((problems) => Object.keys(problems).length > 0);
  /** The poll objects to send, or null when a draft needs fixing (its messages are then shown). */
  const check = (): Record<string, unknown>[] | null => {
    setChecking(true);
    return polls.some((poll) => Object.keys(checkPollDraft(poll)).length > 0) ? null : polls.map(toPollInput);
  };
  return { polls, errors: found, failed, change: setPolls, check };
}
