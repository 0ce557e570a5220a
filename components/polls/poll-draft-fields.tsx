"use client";

import { useId } from "react";
import { TextField } from "@/components/forms/text-field";
import type { PollResultsWhen } from "@/lib/views/poll-view";
import { MAX_POLL_TITLE, usesToken, type PollDraft, type PollDraftErrors } from "./poll-draft";
import { KIND_LABELS } from "./poll-labels";
import { PollOptionEditor } from "./poll-option-editor";
import { PollSelectField } from "./poll-select-field";
import { PollTokenFields } from "./poll-token-fields";

const RESULTS_LABELS: Record<PollResultsWhen, string> = { always: "Always", on_vote: "After the reader votes", on_close: "After the poll closes" };
const VOTERS_LABELS = { secret: "Secret", public: "Public (who voted for what)" };
const ELIGIBILITY_LABELS = { everyone: "Everyone who may post", token: "Token holders" };
const WEIGHTING_LABELS = { per_user: "One vote per person", token_balance: "By token balance" };

export interface PollDraftFieldsProps {
  draft: PollDraft;
  /** The poll's place among the composer's ("Poll 2"); the labels name it. */
  number?: number;
  /** A heading in place of "Poll N" (adding to a thread, editing). */
  heading?: string;
  errors: PollDraftErrors;
  onChange: (draft: PollDraft) => void;
  /** The composer's remove button; none when the form stands alone. */
  onRemove?: () => void;
}

/** One poll of the composer: question, kind, options, choice limits, results, voters, times, token and changes. */
export function PollDraftFields({ draft, number = 1, heading, errors, onChange, onRemove }: PollDraftFieldsProps) {
  const headingId = useId();
  const set = (patch: Partial<PollDraft>) => onChange({ ...draft, ...patch });
  return (
    <section className="poll-builder__poll form-stack" aria-labelledby={headingId} data-testid="poll-draft">
      <div className="poll-builder__head">
        <h3 id={headingId}>{heading ?? `Poll ${number}`}</h3>
        {onRemove ? (
          <button type="button" className="button button--secondary" onClick={onRemove}>
            Remove poll {number}
          </button>
        ) : null}
      </div>
      <TextField
        label="Question"
        value={draft.title}
        maxLength={MAX_POLL_TITLE}
        error={errors.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <PollSelectField label="Kind" value={draft.kind} choices={KIND_LABELS} onChange={(kind) => set({ kind })} />
      <PollOptionEditor options={draft.options} onChange={(options) => set({ options })} errors={errors} pollNumber={number} />
      {draft.kind === "multiple" ? (
        <div className="form-row">
          <TextField
            label="At least"
            type="number"
            min={1}
            max={draft.options.length}
            value={draft.min}
            error={errors.min}
            onChange={(event) => set({ min: event.target.value })}
          />
          <TextField
            label="At most"
            type="number"
            min={1}
            max={draft.options.length}
            value={draft.max}
            error={errors.max}
            onChange={(event) => set({ max: event.target.value })}
          />
        </div>
      ) : null}
      <div className="form-row">
        <PollSelectField label="Show results" value={draft.resultsWhen} choices={RESULTS_LABELS} onChange={(resultsWhen) => set({ resultsWhen })} />
        <PollSelectField
          label="Voters"
          value={draft.publicVoters ? "public" : "secret"}
          choices={VOTERS_LABELS}
          onChange={(voters) => set({ publicVoters: voters === "public" })}
        />
      </div>
      <div className="form-row">
        <TextField
          label="Opens at"
          type="datetime-local"
          optional
          hint="Empty: open as soon as the thread is posted."
          value={draft.opensAt}
          error={errors.opensAt}
          onChange={(event) => set({ opensAt: event.target.value })}
        />
        <TextField
          label="Closes at"
          type="datetime-local"
          optional
          hint="Empty: open until closed by hand."
          value={draft.closesAt}
          error={errors.closesAt}
          onChange={(event) => set({ closesAt: event.target.value })}
        />
      </div>
      <div className="form-row">
        <PollSelectField
          label="Who may vote"
          value={draft.tokenEligibility ? "token" : "everyone"}
          choices={ELIGIBILITY_LABELS}
          onChange={(value) => set({ tokenEligibility: value === "token" })}
        />
        <PollSelectField
          label="Count votes"
          value={draft.weightedByToken ? "token_balance" : "per_user"}
          choices={WEIGHTING_LABELS}
          onChange={(value) => set({ weightedByToken: value === "token_balance" })}
        />
      </div>
      {usesToken(draft) ? (
        <PollTokenFields token={draft.token} onChange={(token) => set({ token })} errors={errors} eligibility={draft.tokenEligibility} />
      ) : null}
      <label className="form-check">
        <input type="checkbox" checked={draft.allowChange} onChange={(event) => set({ allowChange: event.target.checked })} />
        Voters may change or withdraw their vote while the poll is open
      </label>
    </section>
  );
}
