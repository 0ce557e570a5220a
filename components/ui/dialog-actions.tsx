"use client";

import "./modal-dialog.css";

export interface DialogActionsProps {
  /** The failed request's message, shown above the buttons. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  /** Red confirm button, for what removes something. */
  danger?: boolean;
  disabled?: boolean;
}

/** A dialog's last line: the error if the request failed, then Cancel and the confirm button. */
export function DialogActions({ error, onCancel, onConfirm, pending, confirmLabel, pendingLabel, danger = false, disabled = false }: DialogActionsProps) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={danger ? "button button--danger" : "button button--primary"} onClick={onConfirm} disabled={pending || disabled}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}
