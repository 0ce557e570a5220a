import { NextResponse, type NextRequest } from "next/server";
import { errorEnvelope, familyOfPath } from "@/lib/api/envelope";
import { getEnv } from "@/lib/env";
import { RateLimited } from "@/lib/errors";
import { readClientAddress } from "@/lib/http/client-address";
import { answerGuestPage } from "@/lib/http/guest-page-cache";
import { isPageRenderRequest, KEPT_RENDER_HEADER, PAGE_RENDER_HEADER } from "@/lib/http/page-render-token";
import { apiSecurityHeaders, buildPageCsp, createNonce, pageSecurityHeaders } from "@/lib/http/security-headers";
import { consumeBudget, rateLimitedHeaders } from "@/lib/rate-limit";

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
 * Only /api paths with a non-ASCII or malformed escape come here (see the matcher); the others
 * with such escapes decode fine and go on to the API, which sets its own headers.
 */
function answerOddApiPath(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  try {
    decodeURIComponent(pathname);
    return NextResponse.next();
  } catch {
    const body = errorEnvelope(familyOfPath(pathname), 40000, "path: malformed percent-encoding");
    const headers = { "cache-control": "no-store", ...apiSecurityHeaders(isHttps(request), getEnv().AGORA_HSTS_MAX_AGE) };
    return withHeaders(NextResponse.json(body, { status: 400 }), headers);
  }
}

function pageHeadersFor(request: NextRequest) {
  const https = isHttps(request);
  return (nonce: string) => {
    const csp = buildPageCsp(nonce, { development: process.env.NODE_ENV === "development", https });
    return { csp, headers: pageSecurityHeaders(csp, https, getEnv().AGORA_HSTS_MAX_AGE) };
  };
}

/**
 * Pages: Next reads the nonce from the request's CSP header and puts it on every script it emits.
 * `kept`: the guest page cache's own render, the neutral body it serves to every reader.
 */
function answerPage(request: NextRequest, kept = false): NextResponse {
  const nonce = createNonce();
  const { csp, headers } = pageHeadersFor(request)(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-nonce", nonce);
  // The render request of the guest page cache carries its secret no further than here; the
  // page learns only that it renders the kept body (a client's own mark is dropped).
  requestHeaders.delete(PAGE_RENDER_HEADER);
  if (kept) requestHeaders.set(KEPT_RENDER_HEADER, "1");
  else requestHeaders.delete(KEPT_RENDER_HEADER);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers);
}

/** A page render or server action over the client address's pages budget: a short plain answer. */
function answerRateLimited(request: NextRequest, error: RateLimited): NextResponse {
  const body = `Too many requests. Please wait ${error.retryAfterSeconds} seconds and try again.\n`;
  const headers = { ...rateLimitedHeaders(error), "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  return withHeaders(new NextResponse(body, { status: 429, headers }), apiSecurityHeaders(isHttps(request), getEnv().AGORA_HSTS_MAX_AGE));
}

/**
 * Every page render and server action (a POST to a page) spends the client address's pages
 * budget here, the one place all of them pass; server actions of a signed-in person also spend
 * that person's own (lib/actions/define-action.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return answerOddApiPath(request);
  // The guest page cache rendering a page it does not hold: this request's budget is spent.
  if (isPageRenderRequest(request.headers.get(PAGE_RENDER_HEADER))) return answerPage(request, true);
  try {
    await consumeBudget("pages", `addr:${readClientAddress(request.headers)}`);
  } catch (error) {
    if (error instanceof RateLimited) return answerRateLimited(request, error);
    throw error;
  }
  const securityHeaders = pageHeadersFor(request);
  const kept = await answerGuestPage(request, { createNonce, securityHeaders: (nonce) => securityHeaders(nonce).headers });
  return kept ?? answerPage(request);
}

// Everything but the API, Next's static files, the icons and the manifest (static files every
// first visit fetches: no page budget to spend, no document to protect), the image proxy, uploads
// and data exports (which set their own, stricter headers). robots.txt and the sitemap stay in: they are read
// from the database and spend the pages budget like a page. /api stays out because Next
// buffers the body of every request proxy.ts sees (up to 10 MB) before the route runs; the API
// refuses oversized bodies and bad keys itself, as they stream in, and sets its own security and
// CORS headers (lib/http/api-headers.ts). Only /api paths holding an escape of a non-ASCII byte
// (%80-%FF) or a malformed one come here, for the envelope's 400 above.
export const config = {
  matcher: [
    "/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|icon\\.svg|apple-icon\\.png|icons/|manifest\\.webmanifest|media/|uploads(?:/|$)|exports/).*)",
    "/api/:path((?:.*)%(?:[89a-fA-F]|(?![0-9a-fA-F]{2})).*)",
  ],
};
