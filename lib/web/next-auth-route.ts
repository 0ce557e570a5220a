import "server-only";
import NextAuth from "next-auth";
import { RateLimited } from "@/lib/errors";
import { withApiHeaders } from "@/lib/http/api-headers";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";
import { rateLimitedHeaders } from "@/lib/rate-limit";
import { authOptions } from "@/lib/session/next-auth-options";
import { defineWebEntry, type WebEntryHandler } from "@/lib/web/define-web-entry";
import type { RefusalFormat } from "@/lib/web/refusal-formats";

type RouteContext = { params: Promise<{ nextauth: string[] }> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const nextAuth = NextAuth(authOptions) as Handler;

/** Refused, a sign-in answers the way next-auth's client reads a failed one: JSON whose `url` carries the words to show in its `error` parameter. */
const signInRefusals: RefusalFormat = {
  render: ({ status, message, error }, request) => {
    const url = new URL("/signin", readForwardedOrigin(request.headers, new URL(request.url)));
    url.searchParams.set("error", message);
    return Response.json(
      { url: url.href },
      { status, headers: { ...(error instanceof RateLimited ? rateLimitedHeaders(error) : {}), "cache-control": "no-store" } },
    );
  },
};

const isSignIn = (request: Request) => request.method === "POST" && new URL(request.url).pathname.startsWith("/api/auth/callback/");

/** A sign-in (POST /api/auth/callback/wallet) spends the client address's sign-in budget, the same as the API's wallet login. */
const nextAuthEntry: WebEntryHandler = defineWebEntry(
  {
    name: "next-auth",
    auth: "none",
    budget: { name: "signIn", per: "address", when: isSignIn },
    refusals: signInRefusals,
    describe: (error) => (error instanceof RateLimited ? `Too many sign-in attempts. Please try again in ${error.retryAfterSeconds} seconds.` : error.message),
  },
  ({ request, params }) => nextAuth(request, { params: Promise.resolve(params as { nextauth: string[] }) }),
);

/** GET/POST /api/auth/*: next-auth, with the API's security headers (proxy.ts skips /api). */
export const handleNextAuth: Handler = async (request, context) => withApiHeaders(request, await nextAuthEntry(request, context));
