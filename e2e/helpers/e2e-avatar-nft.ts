import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_CHAIN_ID, e2eRpcUrl } from "./e2e-chain";

// The NFT-avatar test contract (tests/support/contracts/avatar-nfts.sol's AvatarNft, an ERC-721
// with tokenURI) on the e2e chain. CommonJS like e2e-chain.ts, so solc is required, not imported.

const DEV_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const chain = {
  id: ANVIL_CHAIN_ID,
  name: "anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const;

function compileAvatarNft(): { abi: Abi; bytecode: Hex } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- solc ships CommonJS only
  const solc = require("solc") as { compile: (input: string) => string };
  const content = fs.readFileSync(path.resolve("tests/support/contracts/avatar-nfts.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "avatar-nfts.sol": { content } },
    settings: { evmVersion: "paris", outputSelection: { "*": { AvatarNft: ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const compiled = output.contracts["avatar-nfts.sol"]!.AvatarNft!;
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}

/** Deploys the test ERC-721 and mints token 1 to `owner` with `tokenUri`; answers the contract's address. */
export async function deployAvatarNftWithToken(baseURL: string, owner: string, tokenUri: string): Promise<Address> {
  const rpcUrl = e2eRpcUrl(baseURL);
  const { abi, bytecode } = compileAvatarNft();
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_KEY), chain, transport: http(rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(rpcUrl) });
  const contract = (await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode }), pollingInterval: 50 })).contractAddress!;
  const hash = await wallet.writeContract({ address: contract, abi, functionName: "mint", args: [owner, tokenUri] } as never);
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return contract;
}
