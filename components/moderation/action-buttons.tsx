"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { FormError } from "@/components/forms/form-field";
import { unwrapAction, type ActionResult } from "@/lib/actions/action-types";
import "./moderation.css";

export interface ActionButtonSpec<I> {
  label: string;
  /** Shown on the button while its action runs ("Dismissing…"). */
  busyLabel: string;
  input: I;
  /** Read after the label by screen readers only, so "Lift" says whose ban it lifts. */
  context?: string;
  tone?: "danger";
}

export interface ActionButtonsProps<I> {
  /** A server action; every button of the row calls it with its own input. */
  action: (input: I) => Promise<ActionResult<unknown>>;
  buttons: ActionButtonSpec<I>[];
  /** Names the row for screen readers ("Actions for the report on …"). */
  label: string;
}

/**
 * One-click moderation buttons. After the server agrees the page is refreshed, so the row moves
 * or leaves its list from what the server now says, not from a guess made here.
 */
export function ActionButtons<I>({ action, buttons, label }: ActionButtonsProps<I>) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const mutation = useMutation({
    mutationFn: (index: number) => unwrapAction(() => action(buttons[index]!.input)),
    onSuccess: () => startRefresh(() => router.refresh()),
  });
  const busy = mutation.isPending || refreshing;
  return (
    <div className="mod-actions">
      <div className="mod-actions__buttons" role="group" aria-label={label}>
        {buttons.map((button, index) => (
          <button
            key={button.label}
            type="button"
            className={`button button--secondary mod-button${button.tone === "danger" ? " mod-button--danger" : ""}`}
            disabled={busy}
            onClick={() => mutation.mutate(index)}
          >
            {busy && mutation.variables === index ? button.busyLabel : button.label}
            {button.context ? <span className="visually-hidden"> {button.context}</span> : null}
          </button>
        ))}
      </div>
      {mutation.isError ? <FormError>{mutation.error.message}</FormError> : null}
    </div>
  );
}
