import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import type { ErrorCode } from "@/lib/api/error-codes";
import { DomainError, RateLimited } from "@/lib/errors";
import { rateLimitedHeaders } from "@/lib/rate-limit";

// Contract section 5: the one table from what went wrong to the code a client sees.
const DOMAIN_CODES: Record<DomainError["kind"], ErrorCode> = {
  invalid: 40000,
  unauthenticated: 40103,
  sign_in_required: 40102,
  forbidden: 40300,
  not_found: 40400,
  conflict: 40900,
  rate_limited: 42900,
  unavailable: 50000,
};

function describeZodError(error: z.ZodError, raw: Record<string, unknown>): string {
  const issue = error.issues[0];
  if (!issue) return "invalid parameters";
  const where = issue.path.length > 0 ? issue.path.join(".") : "parameters";
  const top = issue.path[0];
  const missing = typeof top === "string" && (raw[top] === undefined || raw[top] === null || raw[top] === "");
  if (missing && issue.path.length === 1) return `${where}: is required`;
  return `${where}: ${issue.message}`;
}

function prismaCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

/** The envelope error for an expected failure, or null for a bug (answered as a logged 500). */
export function toApiError(error: unknown, raw: Record<string, unknown>): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const headers: Record<string, string> = error instanceof RateLimited ? rateLimitedHeaders(error) : {};
    return new ApiError(DOMAIN_CODES[error.kind], error.message, headers);
  }
  if (error instanceof z.ZodError) return new ApiError(40000, describeZodError(error, raw));
  switch (prismaCode(error)) {
    case "P2025":
      return new ApiError(40400, "Not found");
    case "P2002":
      return new ApiError(40900, "Already taken");
    default:
      return null;
  }
}
