import "server-only";
import { LRUCache } from "lru-cache";
import { createPublicClient, erc20Abi, http, parseAbi, type PublicClient } from "viem";
import { getEnv } from "@/lib/env";
import { Invalid } from "@/lib/errors";
import type { GateRule } from "@/lib/schemas/membership-schemas";
import { resource } from "@/lib/runtime/registry";

// Balances for token gates (contract section 14), read with viem from the chains the operator
// names in AGORA_RPC_URLS ("<chain_id>=<url>,..."), kept 10 minutes per rule and wallet.

/** How long a balance is kept and a member's check holds (AGORA_GATE_RECHECK_MS, 10 minutes). */
export function gateRecheckMs(): number {
  return getEnv().AGORA_GATE_RECHECK_MS;
}

const erc721Abi = parseAbi(["function balanceOf(address owner) view returns (uint256)"]);
const erc1155Abi = parseAbi(["function balanceOf(address account, uint256 id) view returns (uint256)"]);

/** The chains the server can read: chain id → RPC URL. */
export function readRpcUrls(): Map<number, string> {
  const urls = new Map<number, string>();
  for (const entry of getEnv().AGORA_RPC_URLS.split(",")) {
    const [id, ...rest] = entry.trim().split("=");
    const url = rest.join("=").trim();
    if (id && url && /^\d+$/.test(id.trim())) urls.set(Number(id.trim()), url);
  }
  return urls;
}

/** The viem client of a chain the operator named; a chain without an RPC is a 400 naming chain_id. */
export function clientFor(chainId: number): PublicClient {
  const clients = resource("chains.clients", () => new Map<number, PublicClient>());
  const existing = clients.get(chainId);
  if (existing) return existing;
  const url = readRpcUrls().get(chainId);
  if (!url) throw new Invalid("chain_id", `the server has no RPC for chain ${chainId}`);
  const client = createPublicClient({ transport: http(url, { timeout: 10_000, retryCount: 1 }) }) as PublicClient;
  clients.set(chainId, client);
  return client;
}

function balances(): LRUCache<string, { value: bigint; at: number }> {
  return resource("chains.balances", () => new LRUCache<string, { value: bigint; at: number }>({ max: 50_000, ttl: gateRecheckMs() }));
}

/** A wallet's balance for a rule, at `blockNumber` when given (a poll's snapshot), else at the latest block. */
async function fetchBalance(rule: GateRule, wallet: `0x${string}`, blockNumber?: bigint): Promise<bigint> {
  const client = clientFor(rule.chain_id);
  const address = rule.contract_address as `0x${string}`;
  switch (rule.type) {
    case "native":
      return client.getBalance({ address: wallet, blockNumber });
    case "erc20":
      return client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [wallet], blockNumber });
    case "erc721":
      return client.readContract({ address, abi: erc721Abi, functionName: "balanceOf", args: [wallet], blockNumber });
    case "erc1155":
      return client.readContract({ address, abi: erc1155Abi, functionName: "balanceOf", args: [wallet, BigInt(rule.token_id || "0")], blockNumber });
  }
}

function balancesAtBlocks(): LRUCache<string, bigint> {
  return resource("chains.balances-at-blocks", () => new LRUCache<string, bigint>({ max: 50_000 }));
}

/** A wallet's balance at a past block (contract section 18's snapshots); a block's balances never change, so they are kept. */
export async function readBalanceAtBlock(rule: GateRule, wallet: string, blockNumber: bigint): Promise<bigint> {
  const key = `${rule.chain_id}:${rule.type}:${rule.contract_address}:${rule.token_id}:${wallet.toLowerCase()}@${blockNumber}`;
  const kept = balancesAtBlocks().get(key);
  if (kept !== undefined) return kept;
  const value = await fetchBalance(rule, wallet.toLowerCase() as `0x${string}`, blockNumber);
  balancesAtBlocks().set(key, value);
  return value;
}

/** The chain's latest block number, asked of the chain now (viem's client keeps it a few seconds otherwise). */
export async function readLatestBlockNumber(chainId: number): Promise<bigint> {
  return clientFor(chainId).getBlockNumber({ cacheTime: 0 });
}

/** A wallet's balance for a rule, from the 10-minute cache or the chain; `fresh` skips the cache. */
export async function readBalance(rule: GateRule, wallet: string, options: { fresh?: boolean } = {}): Promise<bigint> {
  const key = `${rule.chain_id}:${rule.type}:${rule.contract_address}:${rule.token_id}:${wallet.toLowerCase()}`;
  const kept = options.fresh ? undefined : balances().get(key);
  if (kept) return kept.value;
  const value = await fetchBalance(rule, wallet.toLowerCase() as `0x${string}`);
  balances().set(key, { value, at: Date.now() });
  return value;
}

/** An ERC-20's name, symbol and decimals, read once when a gate is saved. */
export async function readTokenMetadata(chainId: number, contract: string): Promise<{ name: string; symbol: string; decimals: number }> {
  const client = clientFor(chainId);
  const address = contract as `0x${string}`;
  const [name, symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: "name" }).catch(() => ""),
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }).catch(() => ""),
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }).catch(() => 0),
  ]);
  return { name, symbol, decimals: Number(decimals) };
}

/** Drops every kept balance (tests that move tokens, and the sweep's fresh reads). */
export function forgetBalances(): void {
  balances().clear();
}
