import type { Address } from "viem";
import { deployContracts } from "./test-contracts";

// tests/support/contracts/gate-tokens.sol's ERC-20 and ERC-721 on anvil, for token gates.

export interface GateChain {
  token: Address;
  nft: Address;
  mintToken: (to: string, amount: bigint) => Promise<void>;
  moveToken: (from: string, to: string, amount: bigint) => Promise<void>;
  mintNft: (to: string) => Promise<void>;
}

export async function deployGateContracts(rpcUrl: string): Promise<GateChain> {
  const { addresses, send } = await deployContracts(rpcUrl, "gate-tokens.sol", ["GateToken", "GateNft"] as const);
  return {
    token: addresses.GateToken,
    nft: addresses.GateNft,
    mintToken: (to, amount) => send("GateToken", "mint", [to, amount]),
    moveToken: (from, to, amount) => send("GateToken", "move", [from, to, amount]),
    mintNft: (to) => send("GateNft", "mint", [to]),
  };
}
