"use client";

import { FormStatus, type SubmitState } from "@/components/forms/form-footer";

interface AdminFormActionsProps {
  mutation: SubmitState & { isPending: boolean };
  label: string;
  pendingLabel: string;
  danger?: boolean;
  /** Besides while pending (e.g. a confirmation not yet typed). */
  disabled?: boolean;
  onCancel: () => void;
}

/** The foot of an inline /admin form: the server's error, the submit button and Cancel. */
export function AdminFormActions({ mutation, label, pendingLabel, danger = false, disabled = false, onCancel }: AdminFormActionsProps) {
  return (
    <>
      <FormStatus mutation={mutation} />
      <div className="site-admin__actions">
        <button type="submit" className={danger ? "button button--danger" : "button"} disabled={mutation.isPending || disabled}>
          {mutation.isPending ? pendingLabel : label}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
