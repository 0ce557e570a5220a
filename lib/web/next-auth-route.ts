import "server-only";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/session/next-auth-options";
import { RateLimited } from "@/lib/errors";
import { withApiHeaders } from "@/lib/http/api-headers";
import { readClientAddress } from "@/lib/http/client-address";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";
import { consumeBudget, rateLimitedHeaders } from "@/lib/rate-limit";

type RouteContext = { params: Promise<{ nextauth: string[] }> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const nextAuth = NextAuth(authOptions) as Handler;

/**
 * A sign-in (POST /api/auth/callback/wallet) spends the client address's sign-in budget, the
 * same as the API's wallet login. Refused, it answers the way next-auth's client reads a failed
 * sign-in: JSON whose `url` carries the words to show in its `error` parameter.
 */
async function refuseSpentSignIn(request: Request): Promise<Response | null> {
  if (request.method !== "POST" || !new URL(request.url).pathname.startsWith("/api/auth/callback/")) return null;
  try {
    await consumeBudget("signIn", `addr:${readClientAddress(request.headers)}`);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    const url = new URL("/signin", readForwardedOrigin(request.headers, new URL(request.url)));
    url.searchParams.set("error", `Too many sign-in attempts. Please try again in ${error.retryAfterSeconds} seconds.`);
    return Response.json({ url: url.href }, { status: 429, headers: { ...rateLimitedHeaders(error), "cache-control": "no-store" } });
  }
}

/** GET/POST /api/auth/*: next-auth, with the sign-in budget and the API's security headers (proxy.ts skips /api). */
export const handleNextAuth: Handler = async (request, context) => {
  return withApiHeaders(request, (await refuseSpentSignIn(request)) ?? (await nextAuth(request, context)));
};
