"use client";

import { useState, type FormEvent } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import type { ActionResult } from "@/lib/actions/action-types";
import type { PollView } from "@/lib/views/poll-view";
import type { PollDraft, PollDraftErrors } from "./poll-draft";
import { PollDraftFields } from "./poll-draft-fields";
import "./poll-builder.css";

export interface PollFormProps {
  /** The draft the form starts from: an empty one to add a poll, the poll's own to edit it. */
  initial: PollDraft;
  heading: string;
  submitLabel: string;
  /** What the draft lacks; checked on submit, then after every change. */
  check: (draft: PollDraft) => PollDraftErrors;
  /** Sends the draft; the poll as the server answered it goes to `onDone`. */
  submit: (draft: PollDraft) => Promise<ActionResult<PollView>>;
  onDone: (poll: PollView) => void;
  onCancel: () => void;
}

/** A poll's fields with save and cancel, for adding a poll to a thread or changing one. */
export function PollForm({ initial, heading, submitLabel, check, submit, onDone, onCancel }: PollFormProps) {
  const [draft, setDraft] = useState(initial);
  const [checking, setChecking] = useState(false);
  const send = useActionRun();
  const errors = checking ? check(draft) : {};

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    if (Object.keys(check(draft)).length > 0) return;
    send.run(() => submit(draft), onDone);
  }

  return (
    <form className="poll-form form-stack" onSubmit={handleSubmit} noValidate aria-label={heading}>
      <PollDraftFields draft={draft} heading={heading} errors={errors} onChange={setDraft} />
      <div className="poll-form__actions">
        <button type="submit" className="button" disabled={send.pending}>
          {send.pending ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={send.pending}>
          Cancel
        </button>
        <ActionError error={send.error} />
      </div>
    </form>
  );
}
