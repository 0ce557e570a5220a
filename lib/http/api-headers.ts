import { getEnv } from "@/lib/env";
import { corsHeaders, isCorsPath, parseCorsOrigins, type CorsOrigins } from "@/lib/http/cors";
import { PEER_PROTO_HEADER } from "@/lib/http/peer-headers";
import { apiSecurityHeaders } from "@/lib/http/security-headers";

let corsOrigins: CorsOrigins | undefined;

function readCorsOrigins(): CorsOrigins {
  corsOrigins ??= parseCorsOrigins(getEnv().AGORA_CORS_ORIGINS);
  return corsOrigins;
}

// TLS on the socket, or X-Forwarded-Proto from a TLS-terminating proxy. A client forging the
// header changes only its own answer, and browsers ignore HSTS received over plain http.
function isHttps(request: Request): boolean {
  return request.headers.get(PEER_PROTO_HEADER) === "https" || request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/**
 * The security and CORS headers of every /api answer. /api is outside proxy.ts (which would
 * buffer request bodies before the API could refuse them), so the API sets its own.
 */
export function withApiHeaders(request: Request, response: Response): Response {
  const { pathname } = new URL(request.url);
  const headers = new Headers(response.headers);
  const extra = {
    ...apiSecurityHeaders(isHttps(request), getEnv().AGORA_HSTS_MAX_AGE),
    ...(isCorsPath(pathname) ? corsHeaders(request, readCorsOrigins()) : {}),
  };
  for (const [name, value] of Object.entries(extra)) {
    // Vary accumulates (CORS adds Origin); the rest are ours to set.
    if (name === "vary" && headers.has("vary")) headers.set("vary", `${headers.get("vary")}, ${value}`);
    else headers.set(name, value);
  }
  // Where the answer's reads ran (contract section 16); endpoints that routed a read set it themselves.
  if (!headers.has("x-agora-db")) headers.set("x-agora-db", "primary");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
