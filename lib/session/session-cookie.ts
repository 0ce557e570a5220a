import "server-only";
import type { Session } from "next-auth";
import { decode, type JWT } from "next-auth/jwt";
import { logger } from "@/lib/log";
import { authOptions } from "@/lib/session/next-auth-options";

// The browser session read straight from its cookie: decrypted, then put through the same jwt and
// session callbacks next-auth's getServerSession runs (the Agora token's check lives there), but
// without encrypting a fresh cookie on every read: a page render cannot set it anyway.

export type SessionUser = Session["user"];

interface CookieLike {
  name: string;
  value: string;
}

// next-auth names the cookie __Secure-... when the site is served over https.
const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** Whether the request carries a session cookie at all (even an expired or forged one). */
export function hasSessionCookie(cookies: readonly CookieLike[]): boolean {
  return cookies.some((cookie) => cookie.name.includes("next-auth.session-token"));
}

/** The cookie's value, joined from its chunks (name.0, name.1, ...) when it outgrew one cookie, as next-auth's SessionStore joins them. */
function joinSessionCookie(cookies: readonly CookieLike[], name: string): string | null {
  const parts = cookies.filter((cookie) => cookie.name === name || cookie.name.startsWith(`${name}.`));
  if (parts.length === 0) return null;
  const index = (cookie: CookieLike) => (cookie.name === name ? 0 : Number.parseInt(cookie.name.slice(name.length + 1), 10) || 0);
  return [...parts]
    .sort((a, b) => index(a) - index(b))
    .map((cookie) => cookie.value)
    .join("");
}

async function decodeSessionToken(raw: string): Promise<JWT | null> {
  try {
    return await decode({ token: raw, secret: authOptions.secret! });
  } catch {
    return null;
  }
}

/** The signed-in user of a request's cookies, or null (none, undecipherable, expired, or its Agora token revoked). */
export async function readSessionUser(cookies: readonly CookieLike[]): Promise<SessionUser | null> {
  const raw = SESSION_COOKIES.map((name) => joinSessionCookie(cookies, name)).find((value) => value !== null);
  if (!raw) return null;
  const token = await decodeSessionToken(raw);
  if (!token) return null;
  const callbacks = authOptions.callbacks!;
  try {
    const checked = await callbacks.jwt!({ token } as Parameters<NonNullable<typeof callbacks.jwt>>[0]);
    const session = await callbacks.session!({ session: { expires: "" }, token: checked } as Parameters<NonNullable<typeof callbacks.session>>[0]);
    const user = (session as Session).user;
    return user && user.id && user.tokenId ? user : null;
  } catch (error) {
    // As getServerSession: the session reads as signed out; a revoked token is an ordinary sign-out.
    if ((error as Error | undefined)?.name !== "SessionRevokedError") logger.error({ err: error }, "session read failed");
    return null;
  }
}
