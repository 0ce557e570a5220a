import { useId, type ReactNode } from "react";

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  /** Renders the control (input, textarea, select) with the ids this field gives it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and error wired to aria-describedby. */
export function FormField({ label, hint, error, optional, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label} {optional ? <span className="form-optional">(optional)</span> : null}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? <FormError id={errorId}>{error}</FormError> : null}
    </div>
  );
}

export interface FormErrorProps {
  id?: string;
  children: ReactNode;
}

/** An error message, announced as soon as it appears. */
export function FormError({ id, children }: FormErrorProps) {
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}
