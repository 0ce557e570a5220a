import "server-only";
import type { z } from "zod";
import { Invalid } from "@/lib/errors";

/** Services are called by the web app too, so they check their input and name the field that is wrong. */
export function parseField<S extends z.ZodType>(schema: S, value: unknown, name: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join(".") : name;
  throw new Invalid(where, issue?.message ?? "is invalid");
}
