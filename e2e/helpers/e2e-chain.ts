import type { Address } from "viem";
import { ANVIL_CHAIN_ID } from "@/tests/support/anvil";
import { deployContracts } from "@/tests/support/test-contracts";

// The local chain beside the browser tests' server: scripts/e2e-server.mjs starts anvil on the
// app's port + 20000 (unless AGORA_RPC_URLS names another). Tests deploy the test contracts
// (tests/support/test-contracts.ts) and mint what they need.

export { ANVIL_CHAIN_ID };

export function e2eRpcUrl(baseURL: string): string {
  const named = /(?:^|,)31337=([^,]+)/.exec(process.env.AGORA_RPC_URLS ?? "")?.[1];
  return named ?? `http://127.0.0.1:${Number(new URL(baseURL).port) + 20000}`;
}

export interface E2eToken {
  token: Address;
  mintToken: (to: string, amount: bigint) => Promise<void>;
}

/** Deploys a fresh ERC-20 (anyone may mint) to the e2e chain. */
export async function deployE2eToken(baseURL: string): Promise<E2eToken> {
  const { addresses, send } = await deployContracts(e2eRpcUrl(baseURL), "gate-tokens.sol", ["GateToken"] as const);
  return { token: addresses.GateToken, mintToken: (to, amount) => send("GateToken", "mint", [to, amount]) };
}
