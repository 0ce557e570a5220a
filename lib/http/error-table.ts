import { DomainError } from "@/lib/errors";
import { HttpError } from "@/lib/http/http-error";

// The one table from what went wrong to what the client is answered. `status` is what the web
// entries answer (lib/web/define-web-entry.ts); `code` is the API contract's code for it (section
// 5), which the API answers with the code's own status: the contract has no 503, so an unavailable
// provider is its 50000.
export const DOMAIN_ERROR_ANSWERS = {
  invalid: { status: 400, code: 40000 },
  unauthenticated: { status: 401, code: 40103 },
  sign_in_required: { status: 401, code: 40102 },
  forbidden: { status: 403, code: 40300 },
  not_found: { status: 404, code: 40400 },
  conflict: { status: 409, code: 40900 },
  rate_limited: { status: 429, code: 42900 },
  unavailable: { status: 503, code: 50000 },
} as const satisfies Record<DomainError["kind"], { status: number; code: number }>;

// The contract's codes of the HTTP errors an API request can meet: the upload body's refusals.
export const HTTP_ERROR_CODES = { 400: 40000, 413: 41300 } as const;

/** The status a refused request is answered with, or null for a failure nobody expected (a bug: a logged 500). */
export function readRefusalStatus(error: unknown): number | null {
  if (error instanceof DomainError) return DOMAIN_ERROR_ANSWERS[error.kind].status;
  if (error instanceof HttpError) return error.status;
  return null;
}
