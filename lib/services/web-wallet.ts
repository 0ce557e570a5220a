import "server-only";
import { normalizeWalletKey } from "@/lib/auth/wallet/wallet-address";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { getEnv } from "@/lib/env";
import { Invalid, Unauthenticated, Unavailable } from "@/lib/errors";
import { logger } from "@/lib/log";

const PROVIDER_TIMEOUT_MS = 10_000;

/*
 * Web-wallet (type 4) provider protocol. Agora sends
 *   POST <AGORA_WEB_WALLET_URL>   content-type: application/json   body: {"code": "<web3_wallet_auth_code>"}
 * and the provider answers, for a valid code, 200 with JSON {"address": "<the user's wallet address>"};
 * for an unknown, expired or used code, any 4xx. The code is single-use on the provider's side.
 * The address is what Agora stores for the account (at most 128 characters, one line).
 */
export async function requestWebWalletAddress(providerUrl: string, code: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(providerUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    logger.warn({ err: error }, "web-wallet provider unreachable");
    throw new Unavailable("The web-wallet provider could not be reached; try again later");
  }
  if (response.status >= 400 && response.status < 500) {
    throw new Unauthenticated("web3_wallet_auth_code was rejected by the web-wallet provider");
  }
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  const address = (body as { address?: unknown } | null)?.address;
  if (typeof address !== "string") {
    logger.warn({ status: response.status }, "web-wallet provider gave an unusable answer");
    throw new Unavailable("The web-wallet provider gave an unusable answer; try again later");
  }
  const normalized = normalizeWalletKey(WALLET_TYPES.webWallet, address);
  if (!normalized.ok) throw new Unavailable("The web-wallet provider answered an invalid address");
  return normalized.address;
}

/** Exchanges a type-4 auth code for the wallet address it proves, which must be `expectedAddress`. */
export async function proveWebWallet(code: string | undefined, expectedAddress: string): Promise<void> {
  const providerUrl = getEnv().AGORA_WEB_WALLET_URL;
  if (!providerUrl) {
    throw new Invalid(
      "wallet_type",
      "4 (web wallet) is not available: no web-wallet provider is configured on this server",
      "wallet_type 4 (web wallet) is not available: no web-wallet provider is configured on this server",
    );
  }
  if (!code) throw new Invalid("web3_wallet_auth_code", "is required for wallet_type 4");
  const address = await requestWebWalletAddress(providerUrl, code);
  if (address !== expectedAddress) {
    throw new Unauthenticated("web3_wallet_auth_code belongs to another wallet than web3_public_key");
  }
}
