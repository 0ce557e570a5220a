// Domain errors: what went wrong in a person's terms, never in HTTP's. One table gives each kind
// its status and the contract's code (lib/http/error-table.ts), which the API wrapper and the web
// entry wrapper answer from; the action wrapper maps it to a form error.

export abstract class DomainError extends Error {
  abstract readonly kind: "invalid" | "unauthenticated" | "sign_in_required" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "unavailable";
}

/** Input that breaks a rule; `field` names the parameter (as the API spells it) when there is one. */
export class Invalid extends DomainError {
  readonly kind = "invalid";
  constructor(
    readonly field: string | null,
    readonly detail: string,
    message = field ? `${field}: ${detail}` : detail,
  ) {
    super(message);
  }
}

/** A proof of identity (signature, signed message, wallet auth code) that does not hold. */
export class Unauthenticated extends DomainError {
  readonly kind = "unauthenticated";
}

/** Nobody is signed in where only someone (the owner of a thing) may look. */
export class SignInRequired extends DomainError {
  readonly kind = "sign_in_required";
  constructor(message = "Sign in to see this") {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly kind = "forbidden";
  constructor(message = "You are not allowed to do this") {
    super(message);
  }
}

export class NotFound extends DomainError {
  readonly kind = "not_found";
  constructor(
    readonly what: string,
    message = `${what} not found`,
  ) {
    super(message);
  }
}

export class Conflict extends DomainError {
  readonly kind = "conflict";
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export class RateLimited extends DomainError {
  readonly kind = "rate_limited";
  constructor(
    readonly retryAfterSeconds: number,
    /** The budget that ran out, per minute, when known (for X-RateLimit-Limit). */
    readonly limit: number | null = null,
  ) {
    super(`Too many requests; retry in ${retryAfterSeconds} s`);
  }
}

/** A service Agora depends on (a web-wallet provider) failed; the caller may retry later. */
export class Unavailable extends DomainError {
  readonly kind = "unavailable";
}
