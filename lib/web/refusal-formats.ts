import "server-only";
import { RateLimited } from "@/lib/errors";
import { HttpError } from "@/lib/http/http-error";
import { rateLimitedHeaders } from "@/lib/rate-limit";

/** A refused request as the web entry wrapper hands it to the entry's format: the status from the error table, and the words to show. */
export interface Refusal {
  status: number;
  message: string;
  /** What was thrown: a RateLimited says when to retry, an HttpError may carry headers of its own. */
  error: unknown;
}

/** How an entry's refusals look to its client. */
export interface RefusalFormat {
  render: (refusal: Refusal, request: Request) => Response;
}

function ownHeaders(error: unknown): Record<string, string> {
  if (error instanceof RateLimited) return rateLimitedHeaders(error);
  if (error instanceof HttpError) return error.headers;
  return {};
}

/**
 * One line of plain text, never cached: files, images, sitemaps and the page stream (EventSource
 * stops reconnecting on any status but 200). `headers` are the entry's own (a file's sandbox).
 */
export function textRefusals(headers: Record<string, string> = {}): RefusalFormat {
  return {
    render: ({ status, message, error }) =>
      new Response(`${message}\n`, {
        status,
        headers: { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...ownHeaders(error) },
      }),
  };
}

/** JSON `{ error }` for the pages' own scripts (the composer's uploads): the words to show, and when to retry. */
export const jsonRefusals: RefusalFormat = {
  render: ({ status, message, error }) =>
    Response.json(
      { error: message },
      {
        status,
        headers: { "cache-control": "no-store", ...(error instanceof RateLimited ? { "retry-after": String(error.retryAfterSeconds) } : ownHeaders(error)) },
      },
    ),
};
