import { NextResponse, type NextRequest } from "next/server";
import { errorEnvelope, familyOfPath } from "@/lib/api/envelope";
import { getEnv } from "@/lib/env";
import { corsHeaders, isCorsPath, parseCorsOrigins, type CorsOrigins } from "@/lib/http/cors";
import { apiSecurityHeaders, buildPageCsp, createNonce, pageSecurityHeaders } from "@/lib/http/security-headers";

let corsOrigins: CorsOrigins | undefined;

function readCorsOrigins(): CorsOrigins {
  corsOrigins ??= parseCorsOrigins(getEnv().AGORA_CORS_ORIGINS);
  return corsOrigins;
}

// Next takes the protocol from the TLS socket or from X-Forwarded-Proto (set by a TLS-terminating
// proxy). A client forging the header changes only its own answer, and browsers ignore HSTS
// received over plain http, so no trust setting is needed here.
function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === "https:";
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * Next cannot percent-decode a path like /api/v2/groups/%E0 and answers it with a bare 500
 * before any route runs; under /api such a path is the client's error, told in the envelope.
 */
function answerApi(request: NextRequest, pathname: string): NextResponse {
  const https = isHttps(request);
  const headers = { ...apiSecurityHeaders(https, getEnv().AGORA_HSTS_MAX_AGE), ...(isCorsPath(pathname) ? corsHeaders(request, readCorsOrigins()) : {}) };
  try {
    decodeURIComponent(pathname);
  } catch {
    const body = errorEnvelope(familyOfPath(pathname), 40000, "path: malformed percent-encoding");
    return withHeaders(NextResponse.json(body, { status: 400, headers: { "cache-control": "no-store" } }), headers);
  }
  // Preflights go on to the route too: its OPTIONS answers 204 with Allow, or 404 for an unknown path.
  return withHeaders(NextResponse.next(), headers);
}

/** Pages: Next reads the nonce from the request's CSP header and puts it on every script it emits. */
function answerPage(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const https = isHttps(request);
  const csp = buildPageCsp(nonce, { development: process.env.NODE_ENV === "development", https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-nonce", nonce);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), pageSecurityHeaders(csp, https, getEnv().AGORA_HSTS_MAX_AGE));
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  return pathname === "/api" || pathname.startsWith("/api/") ? answerApi(request, pathname) : answerPage(request);
}

// Everything but Next's static files and the image proxy (which sets its own, stricter headers).
export const config = { matcher: ["/((?!_next/static|_next/image|favicon\\.ico|media/).*)"] };
