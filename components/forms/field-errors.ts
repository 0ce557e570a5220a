import { useState, type FormEvent } from "react";
import type { z } from "zod";

/** zod issues → one message per top-level field, in a person's words ("Title must not be empty"). */
export function collectFieldErrors(error: z.ZodError, labels: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || errors[field]) continue;
    errors[field] = `${labels[field] ?? field} ${issue.message}`;
  }
  return errors;
}

/**
 * Per-field errors for a form checked against `schema` before it is sent.
 * `handleSubmit(values, onValid)` makes the form's submit handler: it shows what is wrong with
 * `values`, or clears the errors and hands the parsed values to `onValid`.
 */
export function useFieldErrors<Schema extends z.ZodType>(schema: Schema, labels: Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function handleSubmit(values: z.input<Schema>, onValid: (parsed: z.output<Schema>) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(collectFieldErrors(parsed.error, labels));
        return;
      }
      setErrors({});
      onValid(parsed.data);
    };
  }
  return { errors, handleSubmit };
}
