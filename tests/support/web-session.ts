import { inject } from "vitest";
import type { EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { requestNonce } from "./wallet-flow";

// A browser session over plain HTTP, signed in the way the sign-in page does it: next-auth's CSRF
// token, a fresh message for the wallet, its signature posted to the wallet credentials callback.

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** The `Cookie` header of a signed-in web session for this (registered) wallet. */
export async function webSessionCookie(wallet: EvmTestWallet): Promise<string> {
  const base = inject("baseUrl");
  const csrf = await fetch(new URL("/api/auth/csrf", base));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const { message } = await requestNonce(wallet.checksumAddress);
  const form = new URLSearchParams({ csrfToken, address: wallet.checksumAddress, message, signature: await wallet.sign(message), username: "", json: "true" });
  const answer = await fetch(new URL("/api/auth/callback/wallet", base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; ") },
    body: form,
    redirect: "manual",
  });
  const session = cookiesOf(answer).find((cookie) => /session-token=/.test(cookie));
  if (!session) throw new Error(`web sign-in failed: ${answer.status} ${await answer.text()}`);
  return session;
}
