import "server-only";

import { getEnv } from "@/lib/env";

/** The site a wallet message must name: the configured public origin, never the request's Host header. */
export interface SignInSite {
  scheme: string;
  domain: string;
  uri: string;
  chainId: number;
  name: string;
}

export function readSignInSite(): SignInSite {
  const env = getEnv();
  const origin = new URL(env.AGORA_PUBLIC_URL);
  return {
    scheme: origin.protocol.slice(0, -1),
    domain: origin.host,
    uri: origin.origin,
    chainId: env.AGORA_CHAIN_ID,
    name: env.AGORA_SITE_NAME,
  };
}
