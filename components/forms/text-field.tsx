import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  /** Text shown glued to the left of the input, e.g. "/g/". */
  prefix?: string;
  multiline?: false;
}

/** A labelled input with its hint and error wired to aria-describedby. */
export function TextField({ label, hint, error, optional, prefix, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const input = (
    <input
      id={id}
      className="form-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      {...inputProps}
    />
  );
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label} {optional ? <span className="form-optional">(optional)</span> : null}
      </label>
      {prefix ? (
        <div className="form-prefix">
          <span aria-hidden="true">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
}

export function TextAreaField({ label, hint, error, optional, ...props }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label} {optional ? <span className="form-optional">(optional)</span> : null}
      </label>
      <textarea
        id={id}
        className="form-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
