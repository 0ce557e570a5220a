import "server-only";
import type { User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { z } from "zod";
import { verifyUserToken } from "@/lib/auth/tokens";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { Conflict, DomainError, NotFound, Unauthenticated } from "@/lib/errors";
import { touchLastSeen } from "@/lib/db/presence";
import { logger } from "@/lib/log";
import { loginWithWallet, registerWithWallet } from "@/lib/services/wallet-auth";

/** Thrown from the jwt callback when the Agora token behind a session was revoked or expired. */
export class SessionRevokedError extends Error {
  constructor() {
    super("session revoked");
    this.name = "SessionRevokedError";
  }
}

const WalletCredentialsSchema = z.object({
  address: z.string().min(1).max(128),
  message: z.string().min(1).max(2000),
  signature: z.string().min(1).max(2000),
  username: z.string().max(200).optional().default(""),
});

// next-auth puts the thrown message in the sign-in result; these are the words a person sees.
function describeSignInFailure(error: DomainError): string {
  if (error instanceof NotFound) return "This wallet has no Agora account yet. Choose a username to create one.";
  if (error instanceof Unauthenticated) return "We could not verify that signature. Please sign in again.";
  if (error instanceof Conflict && error.field === "username") return "That username is already taken. Please choose another.";
  return error.message.replace(/^username: /, "Username ");
}

/**
 * The wallet provider's authorize: the same login and register code as the API's endpoints
 * 8 and 10, so the browser session starts from a real Agora api_token.
 */
export async function authorizeWalletCredentials(credentials: Record<string, string> | undefined): Promise<User | null> {
  const parsed = WalletCredentialsSchema.safeParse(credentials ?? {});
  if (!parsed.success) throw new Error("The sign-in request was incomplete. Please try again.");
  const { address, message, signature, username } = parsed.data;
  const proof = { walletType: WALLET_TYPES.evm, web3PublicKey: address, sign: signature, signMsg: message };
  try {
    const session = username.trim() ? await registerWithWallet({ ...proof, username, photoUrl: "" }) : await loginWithWallet(proof);
    return { id: String(session.userId), name: "", image: "", apiToken: session.token };
  } catch (error) {
    if (error instanceof DomainError) throw new Error(describeSignInFailure(error));
    logger.error({ err: error }, "wallet sign-in failed");
    throw new Error("Signing in failed on our side. Please try again in a moment.");
  }
}

/**
 * Re-checks the session's Agora token and the user behind it (their name and photo come with the
 * check, kept a few seconds: lib/auth/token-checks.ts); a revoked or expired token ends the session.
 */
export async function refreshSessionToken(token: JWT): Promise<JWT> {
  if (!token.apiToken) throw new SessionRevokedError();
  const verified = await verifyUserToken(token.apiToken);
  if (!verified) throw new SessionRevokedError();
  // People reading in the browser count as online, like API clients acting with a token.
  await touchLastSeen(verified.userId);
  return {
    ...token,
    userId: verified.userId,
    tokenId: verified.tokenId,
    name: verified.username,
    picture: verified.photoUrl,
    darkMode: verified.darkMode,
  };
}
