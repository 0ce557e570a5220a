import type { DomainError } from "@/lib/errors";

/** The HTTP status of each domain error kind, for the routes outside the API's envelope (page streams, web uploads). */
export const DOMAIN_ERROR_STATUS: Record<DomainError["kind"], number> = {
  invalid: 400,
  unauthenticated: 401,
  sign_in_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};
