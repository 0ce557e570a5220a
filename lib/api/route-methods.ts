import { ERROR_CODES } from "@/lib/api/error-codes";
import { errorEnvelope, familyOfPath } from "@/lib/api/envelope";
import { withApiHeaders } from "@/lib/http/api-headers";

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Response | Promise<Response>;

const SERVED = ["GET", "POST"] as const;
type ServedMethod = (typeof SERVED)[number];
export type RouteExports = Record<ServedMethod | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler>;

/**
 * A route file's exports: its own handlers, and for every other method the 405 envelope
 * (contract section 5: every failure uses the envelope; Next alone would answer an empty 405).
 */
export function serveMethods(handlers: Partial<Record<ServedMethod, Handler>>): RouteExports {
  const served = SERVED.filter((method) => handlers[method]);
  const allow = [...served, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse: Handler = (request) => {
    const { pathname } = new URL(request.url);
    const body = errorEnvelope(familyOfPath(pathname), 40500, `${request.method} is not allowed on ${pathname}; use ${served.join(" or ")}`);
    return Response.json(body, { status: ERROR_CODES[40500].status, headers: { allow, "cache-control": "no-store" } });
  };
  const exports: RouteExports = {
    GET: handlers.GET ?? refuse,
    POST: handlers.POST ?? refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    // Answered here rather than by Next, whose Allow header would list the refusing methods too.
    OPTIONS: () => new Response(null, { status: 204, headers: { allow } }),
  };
  return Object.fromEntries(Object.entries(exports).map(([method, handler]) => [method, withHeaders(handler)])) as RouteExports;
}

/** Every answer gets the API's security and CORS headers (lib/http/api-headers.ts). */
function withHeaders(handler: Handler): Handler {
  return async (request, context) => withApiHeaders(request, await handler(request, context));
}
