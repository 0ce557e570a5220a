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
