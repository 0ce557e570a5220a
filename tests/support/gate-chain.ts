import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID } from "./anvil";

// Compiles tests/support/contracts/gate-tokens.sol with solc (npm) and deploys it to anvil with
// anvil's first development account, whose key anvil documents and prints at start.
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const chain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

function compile(): Record<"GateToken" | "GateNft", Compiled> {
  const solc = createRequire(import.meta.url)("solc") as { compile: (input: string) => string };
  const source = fs.readFileSync(path.resolve("tests/support/contracts/gate-tokens.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "gate-tokens.sol": { content: source } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts = output.contracts["gate-tokens.sol"]!;
  const pick = (name: string): Compiled => ({ abi: contracts[name]!.abi, bytecode: `0x${contracts[name]!.evm.bytecode.object}` });
  return { GateToken: pick("GateToken"), GateNft: pick("GateNft") };
}

export interface GateChain {
  token: Address;
  nft: Address;
  mintToken: (to: string, amount: bigint) => Promise<void>;
  moveToken: (from: string, to: string, amount: bigint) => Promise<void>;
  mintNft: (to: string) => Promise<void>;
}

export async function deployGateContracts(rpcUrl: string): Promise<GateChain> {
  const compiled = compile();
  const account = privateKeyToAccount(DEV_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  async function deploy(contract: Compiled): Promise<Address> {
    const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode });
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return receipt.contractAddress!;
  }
  const token = await deploy(compiled.GateToken);
  const nft = await deploy(compiled.GateNft);
  async function send(address: Address, abi: Abi, functionName: string, args: unknown[]): Promise<void> {
    const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
  return {
    token,
    nft,
    mintToken: (to, amount) => send(token, compiled.GateToken.abi, "mint", [to, amount]),
    moveToken: (from, to, amount) => send(token, compiled.GateToken.abi, "move", [from, to, amount]),
    mintNft: (to) => send(nft, compiled.GateNft.abi, "mint", [to]),
  };
}
