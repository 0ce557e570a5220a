import "server-only";
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import { insertAuthToken, revokeAuthToken } from "@/lib/db/auth-tokens";
import { checkTokenHolder, forgetTokenCheck } from "@/lib/auth/token-checks";
import { getEnv } from "@/lib/env";
import { getServerSecret } from "@/lib/auth/secret";
import { resource } from "@/lib/runtime/registry";

const ISSUER = "agora";

/** Issues a user token (the API's `api_token`); its id is recorded so logout can revoke it. */
export async function issueUserToken(userId: number): Promise<string> {
  const ttlSeconds = getEnv().AGORA_TOKEN_TTL_DAYS * 86_400;
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await insertAuthToken({ id: jti, userId, expiresAt });
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(getServerSecret());
}

export interface VerifiedToken {
  userId: number;
  tokenId: string;
  /** The user's name and photo, as a session shows them. */
  username: string;
  photoUrl: string;
  /** users.dark_mode, which signed-in pages follow. */
  darkMode: number;
}

interface SignedClaims {
  userId: number;
  tokenId: string;
  /** The token's `exp`, in milliseconds. */
  expiresAtMs: number;
}

// A token's signature and claims verify the same way every time, so their check is kept per token
// string: jose's HMAC check (WebCrypto) costs about 100 µs a request, the lookup below far less.
// Expiry is compared again on every use; revocation is lib/auth/token-checks.ts's (kept a few seconds, dropped at once on logout).
const signedClaims = resource("auth.signed-claims", () => new LRUCache<string, SignedClaims>({ max: 20_000 }));

async function verifySignature(token: string): Promise<SignedClaims | null> {
  const known = signedClaims.get(token);
  if (known) return known;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, getServerSecret(), { issuer: ISSUER, algorithms: ["HS256"] }));
  } catch {
    return null;
  }
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || !payload.jti || typeof payload.exp !== "number") return null;
  const claims = { userId, tokenId: payload.jti, expiresAtMs: payload.exp * 1000 };
  signedClaims.set(token, claims);
  return claims;
}

/** The token's user, or null when it is malformed, forged, expired or revoked. */
export async function verifyUserToken(token: string): Promise<VerifiedToken | null> {
  const claims = await verifySignature(token);
  if (!claims || claims.expiresAtMs <= Date.now()) return null;
  const { userId, tokenId } = claims;
  const holder = await checkTokenHolder(tokenId, userId);
  return holder ? { userId, tokenId, username: holder.username, photoUrl: holder.photoUrl, darkMode: holder.darkMode } : null;
}

/** Logout: the token is refused from the next request on, on every instance. */
export async function revokeUserToken(tokenId: string): Promise<void> {
  await revokeAuthToken(tokenId);
  await forgetTokenCheck(tokenId);
}

export function readBearerToken(header: string | null): string | null {
  if (!header) return null;
  const value = header
    .trim()
    .replace(/^Bearer\s+/i, "")
    .trim();
  return value === "" ? null : value;
}
