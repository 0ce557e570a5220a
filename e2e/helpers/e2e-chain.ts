import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID } from "@/tests/support/anvil";

// The local chain beside the browser tests' server: scripts/e2e-server.mjs starts anvil on the
// app's port + 20000 (unless AGORA_RPC_URLS names another). Tests deploy the gate test token
// (tests/support/contracts/gate-tokens.sol, compiled with solc from npm) and mint what they need.
// Playwright loads specs as CommonJS, so this does not reuse tests/support/gate-chain.ts (ESM).

export { ANVIL_CHAIN_ID };

// Anvil's first development account, whose key anvil documents and prints at start.
const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const chain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;

export function e2eRpcUrl(baseURL: string): string {
  const named = /(?:^|,)31337=([^,]+)/.exec(process.env.AGORA_RPC_URLS ?? "")?.[1];
  return named ?? `http://127.0.0.1:${Number(new URL(baseURL).port) + 20000}`;
}

function compileGateToken(): { abi: Abi; bytecode: Hex } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- solc ships CommonJS only
  const solc = require("solc") as { compile: (input: string) => string };
  const source = fs.readFileSync(path.resolve("tests/support/contracts/gate-tokens.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "gate-tokens.sol": { content: source } },
    settings: { evmVersion: "paris", outputSelection: { "*": { GateToken: ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const compiled = output.contracts["gate-tokens.sol"]!.GateToken!;
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}

export interface E2eToken {
  token: Address;
  mintToken: (to: string, amount: bigint) => Promise<void>;
}

/** Deploys a fresh ERC-20 (anyone may mint) to the e2e chain. */
export async function deployE2eToken(baseURL: string): Promise<E2eToken> {
  const rpcUrl = e2eRpcUrl(baseURL);
  const { abi, bytecode } = compileGateToken();
  const account = privateKeyToAccount(DEV_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode }), pollingInterval: 50 });
  const token = deployed.contractAddress!;
  return {
    token,
    mintToken: async (to, amount) => {
      const hash = await wallet.writeContract({ address: token, abi, functionName: "mint", args: [to, amount] } as never);
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    },
  };
}
