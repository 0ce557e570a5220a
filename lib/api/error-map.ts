import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { DomainError, RateLimited } from "@/lib/errors";
import { DOMAIN_ERROR_ANSWERS, HTTP_ERROR_CODES } from "@/lib/http/error-table";
import { HttpError } from "@/lib/http/http-error";
import { rateLimitedHeaders } from "@/lib/rate-limit";

// Contract section 5: what went wrong → the code a client sees, from the one error table
// (lib/http/error-table.ts) the web entries answer from too.

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
    return new ApiError(DOMAIN_ERROR_ANSWERS[error.kind].code, error.message, headers);
  }
  if (error instanceof HttpError && error.status in HTTP_ERROR_CODES) {
    return new ApiError(HTTP_ERROR_CODES[error.status as keyof typeof HTTP_ERROR_CODES], error.message);
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
