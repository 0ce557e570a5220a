import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { FormField } from "./form-field";

interface FieldTextProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
}

export interface TextFieldProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "prefix"> {
  /** Text shown glued to the left of the input, e.g. "/g/". */
  prefix?: string;
  multiline?: false;
}

/** A labelled input with its hint and error wired to aria-describedby. */
export function TextField({ label, hint, error, optional, prefix, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} optional={optional}>
      {(control) => {
        const input = <input {...control} className="form-input" {...inputProps} />;
        return prefix ? (
          <div className="form-prefix">
            <span aria-hidden="true">{prefix}</span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    </FormField>
  );
}

export interface TextAreaFieldProps extends FieldTextProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> {}

export function TextAreaField({ label, hint, error, optional, ...props }: TextAreaFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} optional={optional}>
      {(control) => <textarea {...control} className="form-textarea" {...props} />}
    </FormField>
  );
}
