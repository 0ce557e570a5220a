// Cross-origin access to the API for third-party browser clients (set by proxy.ts).
//
// The default origin list is "*": the API authenticates only by headers the calling page must
// already hold (api_key, svc-api-key, Authorization: Bearer) and never by cookies, so a page on
// another origin gains nothing it does not already have. Credentials are never allowed, so a
// browser never attaches Agora's cookies to a cross-origin call. /api/auth (next-auth, which
// does use cookies) gets no CORS headers at all.

const ALLOWED_METHODS = "GET, POST";
// If-None-Match too: clients revalidate with the ETag they were given.
const ALLOWED_HEADERS = "api_key, svc-api-key, authorization, content-type, x-request-id, if-none-match";
const EXPOSED_HEADERS = "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id, ETag, Link";
// Two hours: the longest Chromium keeps a preflight.
const PREFLIGHT_MAX_AGE = "7200";

export type CorsOrigins = "*" | readonly string[];

/** AGORA_CORS_ORIGINS: "*", a comma-separated list of origins, or "" (no cross-origin access). */
export function parseCorsOrigins(setting: string): CorsOrigins {
  const trimmed = setting.trim();
  if (trimmed === "*") return "*";
  return trimmed
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, "").toLowerCase())
    .filter(Boolean);
}

export function isCorsPath(pathname: string): boolean {
  return (pathname === "/api" || pathname.startsWith("/api/")) && !pathname.startsWith("/api/auth/") && pathname !== "/api/auth";
}

/** A browser's preflight: OPTIONS naming the method it means to send. */
export function isPreflight(request: Request): boolean {
  return request.method === "OPTIONS" && request.headers.has("origin") && request.headers.has("access-control-request-method");
}

function allowOrigin(origins: CorsOrigins, origin: string | null): Record<string, string> {
  if (origins === "*") return { "access-control-allow-origin": "*" };
  // The answer depends on the Origin, so caches must keep one per origin.
  const vary = { vary: "Origin" };
  if (!origin || !origins.includes(origin.toLowerCase())) return vary;
  return { ...vary, "access-control-allow-origin": origin };
}

/** The CORS headers of an answer to this request (none when its origin is not allowed). */
export function corsHeaders(request: Request, origins: CorsOrigins): Record<string, string> {
  const allowed = allowOrigin(origins, request.headers.get("origin"));
  if (!allowed["access-control-allow-origin"]) return allowed;
  if (!isPreflight(request)) return { ...allowed, "access-control-expose-headers": EXPOSED_HEADERS };
  return {
    ...allowed,
    "access-control-allow-methods": ALLOWED_METHODS,
    "access-control-allow-headers": ALLOWED_HEADERS,
    "access-control-max-age": PREFLIGHT_MAX_AGE,
  };
}
