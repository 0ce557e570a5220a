import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { signWithServerSecret } from "@/lib/auth/secret";
import { authorizeWalletCredentials, refreshSessionToken, SessionRevokedError } from "@/lib/session/wallet-credentials";

// A key of its own for the session cookie, derived from the server secret, so no extra
// setting is needed and a session cookie can never pass as an API token or vice versa.
function deriveSessionSecret(): string {
  return signWithServerSecret("agora:next-auth-session");
}

export const authOptions: NextAuthOptions = {
  secret: deriveSessionSecret(),
  session: { strategy: "jwt", maxAge: getEnv().AGORA_TOKEN_TTL_DAYS * 86_400 },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    CredentialsProvider({
      id: "wallet",
      name: "Wallet",
      credentials: {
        address: { type: "text" },
        message: { type: "text" },
        signature: { type: "text" },
        username: { type: "text" },
      },
      authorize: (credentials) => authorizeWalletCredentials(credentials),
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      // Every read re-checks the Agora token, so signing out anywhere (or /api/logout) ends this session too.
      return refreshSessionToken(user ? { ...token, apiToken: user.apiToken } : token);
    },
    async session({ session, token }) {
      session.user = {
        id: token.userId ?? 0,
        name: token.name ?? "",
        image: token.picture ?? "",
        tokenId: token.tokenId ?? "",
        darkMode: token.darkMode ?? 0,
      };
      return session;
    },
  },
  logger: {
    error(code, metadata) {
      // A revoked session is an ordinary sign-out, not an error worth a log line.
      const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
      if (error instanceof SessionRevokedError || (error as Error | undefined)?.name === "SessionRevokedError") return;
      logger.error({ code, metadata }, "next-auth error");
    },
    warn(code) {
      // Without NEXTAUTH_URL next-auth falls back to the request's host, which is what we want.
      if (code !== "NEXTAUTH_URL") logger.warn({ code }, "next-auth warning");
    },
    debug() {},
  },
};
