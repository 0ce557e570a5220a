import type { Address } from "viem";
import { deployContracts } from "./test-contracts";

// tests/support/contracts/poll-tokens.sol's three tokens on anvil, for token polls.

export interface PollChain {
  erc20: Address;
  erc721: Address;
  erc1155: Address;
  /** The chain's latest block now. */
  blockNumber: () => Promise<bigint>;
  mint20: (to: string, amount: bigint) => Promise<void>;
  move20: (from: string, to: string, amount: bigint) => Promise<void>;
  /** Mints one NFT; answers nothing (ids count from 1 per deployment). */
  mint721: (to: string) => Promise<void>;
  move721: (id: bigint, to: string) => Promise<void>;
  mint1155: (to: string, id: bigint, amount: bigint) => Promise<void>;
  move1155: (from: string, to: string, id: bigint, amount: bigint) => Promise<void>;
}

export async function deployPollTokens(rpcUrl: string): Promise<PollChain> {
  const { addresses, send, reader } = await deployContracts(rpcUrl, "poll-tokens.sol", ["PollToken", "PollNft", "PollMulti"] as const);
  return {
    erc20: addresses.PollToken,
    erc721: addresses.PollNft,
    erc1155: addresses.PollMulti,
    blockNumber: () => reader.getBlockNumber({ cacheTime: 0 }),
    mint20: (to, amount) => send("PollToken", "mint", [to, amount]),
    move20: (from, to, amount) => send("PollToken", "move", [from, to, amount]),
    mint721: (to) => send("PollNft", "mint", [to]),
    move721: (id, to) => send("PollNft", "move", [id, to]),
    mint1155: (to, id, amount) => send("PollMulti", "mint", [to, id, amount]),
    move1155: (from, to, id, amount) => send("PollMulti", "move", [from, to, id, amount]),
  };
}
