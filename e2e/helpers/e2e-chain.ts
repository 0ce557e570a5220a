import { ANVIL_CHAIN_ID } from "@/tests/support/anvil";
import { deployGateContracts, type GateChain } from "@/tests/support/gate-chain";

// The local chain beside the browser tests' server: scripts/e2e-server.mjs starts anvil on the
// app's port + 20000 (unless AGORA_RPC_URLS names another), and the tests deploy the gate
// tokens there (tests/support/contracts/gate-tokens.sol) and mint what they need.

export { ANVIL_CHAIN_ID };

export function e2eRpcUrl(baseURL: string): string {
  const named = /(?:^|,)31337=([^,]+)/.exec(process.env.AGORA_RPC_URLS ?? "")?.[1];
  return named ?? `http://127.0.0.1:${Number(new URL(baseURL).port) + 20000}`;
}

/** Deploys a fresh ERC-20 (and ERC-721) to the e2e chain. */
export function deployE2eTokens(baseURL: string): Promise<GateChain> {
  return deployGateContracts(e2eRpcUrl(baseURL));
}
