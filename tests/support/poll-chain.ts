import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID } from "./anvil";

// Compiles tests/support/contracts/poll-tokens.sol with solc (npm) and deploys its three tokens
// to anvil with anvil's first development account (its documented key).
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const chain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;
const NAMES = ["PollToken", "PollNft", "PollMulti"] as const;
type Compiled = Record<(typeof NAMES)[number], { abi: Abi; bytecode: Hex }>;

function compile(): Compiled {
  const solc = createRequire(import.meta.url)("solc") as { compile: (input: string) => string };
  const content = fs.readFileSync(path.resolve("tests/support/contracts/poll-tokens.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "poll-tokens.sol": { content } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts = output.contracts["poll-tokens.sol"]!;
  return Object.fromEntries(NAMES.map((name) => [name, { abi: contracts[name]!.abi, bytecode: `0x${contracts[name]!.evm.bytecode.object}` }])) as Compiled;
}

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
  const compiled = compile();
  const account = privateKeyToAccount(DEV_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployed = {} as Record<(typeof NAMES)[number], Address>;
  for (const name of NAMES) {
    const hash = await wallet.deployContract({ abi: compiled[name].abi, bytecode: compiled[name].bytecode });
    deployed[name] = (await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!;
  }
  async function send(name: (typeof NAMES)[number], functionName: string, args: unknown[]): Promise<void> {
    const hash = await wallet.writeContract({ address: deployed[name], abi: compiled[name].abi, functionName, args } as never);
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
  return {
    erc20: deployed.PollToken,
    erc721: deployed.PollNft,
    erc1155: deployed.PollMulti,
    blockNumber: () => reader.getBlockNumber({ cacheTime: 0 }),
    mint20: (to, amount) => send("PollToken", "mint", [to, amount]),
    move20: (from, to, amount) => send("PollToken", "move", [from, to, amount]),
    mint721: (to) => send("PollNft", "mint", [to]),
    move721: (id, to) => send("PollNft", "move", [id, to]),
    mint1155: (to, id, amount) => send("PollMulti", "mint", [to, id, amount]),
    move1155: (from, to, id, amount) => send("PollMulti", "move", [from, to, id, amount]),
  };
}
