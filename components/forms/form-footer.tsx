import type { ReactNode } from "react";
import { FormError } from "./form-field";

/** The part of a react-query mutation a form shows. */
export interface SubmitState {
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
}

export interface FormStatusProps {
  mutation: SubmitState;
  /**
   * For forms that stay on screen after saving: confirms the save, in a polite live region.
   * Forms that navigate away on success leave it out.
   */
  success?: ReactNode;
}

/** The server's answer to a submit: its error, and for forms that stay, the confirmation. */
export function FormStatus({ mutation, success }: FormStatusProps) {
  const error = mutation.isError ? <FormError>{mutation.error?.message}</FormError> : null;
  if (success === undefined) return error;
  return (
    <div aria-live="polite">
      {error}
      {mutation.isSuccess ? <p className="form-success">{success}</p> : null}
    </div>
  );
}

export interface FormActionsProps {
  /** While true the submit button is disabled and says `busyLabel`. */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Buttons before the submit button, such as Cancel. */
  children?: ReactNode;
}

/** The row of buttons at the end of a form, the submit button last. */
export function FormActions({ busy, label, busyLabel, children }: FormActionsProps) {
  return (
    <div className="form-actions">
      {children}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** A form's last outcome kept in its own state: a confirmation (polite) or an error (alert). */
export function StatusLine({ status }: { status: { ok: boolean; text: string } | null }) {
  if (!status) return null;
  return (
    <p className={status.ok ? "form-success" : "form-error"} role={status.ok ? "status" : "alert"}>
      {status.text}
    </p>
  );
}
