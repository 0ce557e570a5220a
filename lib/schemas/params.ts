import { z } from "zod";

// Ids are PostgreSQL `integer`s; anything past that could never match a row.
export const MAX_ID = 2_147_483_647;
export const MAX_PAGE_SIZE = 100;

function fromNumericString(value: unknown): unknown {
  if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

/** A whole number that may arrive as a string ("10"), as every transport allows (contract section 2). */
export function intParam(options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? MAX_ID;
  return z.preprocess(
    fromNumericString,
    z
      .number({ error: "must be an integer" })
      .int({ error: "must be an integer" })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );
}

/**
 * An optional parameter sent blank (`page=` in a query, an empty form field) or null counts as
 * not sent, so its default applies; one rule for every optional parameter.
 */
export function unsetWhenBlank<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema);
}

export const idParam = () => intParam({ min: 1 });
export const pageParam = () => unsetWhenBlank(intParam({ min: 1, max: 1_000_000 }).default(1));
export const pageSizeParam = (fallback: number) => unsetWhenBlank(intParam({ min: 1, max: MAX_PAGE_SIZE }).default(fallback));

export function trimmedString(options: { min?: number; max: number }) {
  return z
    .string({ error: "must be a string" })
    .trim()
    .min(options.min ?? 0, { error: options.min === 1 ? "must not be empty" : `must be at least ${options.min} characters` })
    .max(options.max, { error: `must be at most ${options.max} characters` });
}

export function httpUrl(max = 2048) {
  return z
    .string({ error: "must be a string" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), { error: "must be an http(s) URL" });
}

/** A parameter that may arrive as JSON text (form bodies, query strings): parsed when it parses, else left for the schema to refuse. */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
