import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID } from "./anvil";

// Compiles tests/support/contracts/avatar-nfts.sol with solc (npm) and deploys its ERC-721 and
// ERC-1155 to anvil with anvil's first development account (its documented key).
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const chain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;
const NAMES = ["AvatarNft", "AvatarMulti"] as const;
type Compiled = Record<(typeof NAMES)[number], { abi: Abi; bytecode: Hex }>;

function compile(): Compiled {
  const solc = createRequire(import.meta.url)("solc") as { compile: (input: string) => string };
  const content = fs.readFileSync(path.resolve("tests/support/contracts/avatar-nfts.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "avatar-nfts.sol": { content } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts = output.contracts["avatar-nfts.sol"]!;
  return Object.fromEntries(NAMES.map((name) => [name, { abi: contracts[name]!.abi, bytecode: `0x${contracts[name]!.evm.bytecode.object}` }])) as Compiled;
}

export interface AvatarChain {
  erc721: Address;
  erc1155: Address;
  /** Mints the next ERC-721 (ids count from 1 per deployment) with its tokenURI. */
  mint721: (to: string, uri: string) => Promise<bigint>;
  move721: (id: bigint, to: string) => Promise<void>;
  /** The ERC-1155's uri for every id (with ERC-1155's {id} placeholder if wanted). */
  setUri1155: (uri: string) => Promise<void>;
  mint1155: (to: string, id: bigint, amount: bigint) => Promise<void>;
  move1155: (from: string, to: string, id: bigint, amount: bigint) => Promise<void>;
}

export async function deployAvatarNfts(rpcUrl: string): Promise<AvatarChain> {
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
    erc721: deployed.AvatarNft,
    erc1155: deployed.AvatarMulti,
    mint721: async (to, uri) => {
      await send("AvatarNft", "mint", [to, uri]);
      return (await reader.readContract({ address: deployed.AvatarNft, abi: compiled.AvatarNft.abi, functionName: "minted" })) as bigint;
    },
    move721: (id, to) => send("AvatarNft", "move", [id, to]),
    setUri1155: (uri) => send("AvatarMulti", "setUri", [uri]),
    mint1155: (to, id, amount) => send("AvatarMulti", "mint", [to, id, amount]),
    move1155: (from, to, id, amount) => send("AvatarMulti", "move", [from, to, id, amount]),
  };
}
