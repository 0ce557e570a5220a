import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID } from "./anvil";

// The test contracts in tests/support/contracts, compiled with solc (npm) and deployed to a local
// anvil with its first development account (whose key anvil documents and prints at start). Used by
// the API tests (ESM) and the browser tests (Playwright loads CommonJS), so nothing here reads
// import.meta.

const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** The local anvil chain as viem clients name it. */
export const anvilChain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles `tests/support/contracts/<file>` and answers the named contracts. */
export function compileContracts<N extends string>(file: string, names: readonly N[]): Record<N, CompiledContract> {
  const solc = createRequire(path.resolve("package.json"))("solc") as { compile: (input: string) => string };
  const content = fs.readFileSync(path.resolve("tests/support/contracts", file), "utf8");
  const input = {
    language: "Solidity",
    sources: { [file]: { content } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts = output.contracts[file]!;
  return Object.fromEntries(names.map((name) => [name, { abi: contracts[name]!.abi, bytecode: `0x${contracts[name]!.evm.bytecode.object}` }])) as Record<
    N,
    CompiledContract
  >;
}

export interface DeployedContracts<N extends string> {
  addresses: Record<N, Address>;
  /** Sends a transaction to one of them from the development account and waits for its receipt. */
  send: (name: N, functionName: string, args: unknown[]) => Promise<void>;
  read: (name: N, functionName: string, args?: unknown[]) => Promise<unknown>;
  reader: PublicClient;
}

/** Compiles `file` and deploys the named contracts, in order, to the chain at `rpcUrl`. */
export async function deployContracts<N extends string>(rpcUrl: string, file: string, names: readonly N[]): Promise<DeployedContracts<N>> {
  const compiled = compileContracts(file, names);
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_KEY), chain: anvilChain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain: anvilChain, transport: http(rpcUrl) }) as PublicClient;
  const addresses = {} as Record<N, Address>;
  for (const name of names) {
    const hash = await wallet.deployContract({ abi: compiled[name].abi, bytecode: compiled[name].bytecode });
    addresses[name] = (await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress!;
  }
  return {
    addresses,
    reader,
    send: async (name, functionName, args) => {
      const hash = await wallet.writeContract({ address: addresses[name], abi: compiled[name].abi, functionName, args } as never);
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
    read: (name, functionName, args = []) => reader.readContract({ address: addresses[name], abi: compiled[name].abi, functionName, args }),
  };
}
