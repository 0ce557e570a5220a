import "server-only";
import { decodeEventLog, erc20Abi, type Hash, type TransactionReceipt } from "viem";
import { getEnv } from "@/lib/env";
import { Invalid } from "@/lib/errors";
import { clientFor, readLatestBlockNumber } from "@/lib/services/chain-balances";
import type { TipToken } from "@/lib/db/tip-tokens";

// Contract section 19: a tip is a transfer already on the chain, read back from its receipt with
// viem through the chains the operator names in AGORA_RPC_URLS (the same clients as token gates
// and polls). Every refusal is a 400 naming what failed.

/** The transfer a tip registers. */
export interface VerifiedTransfer {
  /** -1 for a native transfer. */
  logIndex: number;
  /** Lower-case contract address, or "native". */
  token: string;
  symbol: string;
  amount: string;
  blockNumber: bigint;
  blockHash: string;
}

export interface TransferCheck {
  chainId: number;
  txHash: string;
  /** The group's tip tokens. */
  tokens: readonly TipToken[];
  /** Lower-case addresses: the tipper's wallets and the author's. */
  senders: readonly string[];
  recipients: readonly string[];
}

interface Transfer {
  logIndex: number;
  token: TipToken;
  from: string;
  to: string;
  value: bigint;
}

// Told apart by name: the server bundle may hold two copies of viem's error classes.
const isNotFound = (error: unknown) => error instanceof Error && /NotFoundError$/.test(error.name);

async function readReceipt(chainId: number, hash: Hash): Promise<TransactionReceipt> {
  try {
    return await clientFor(chainId).getTransactionReceipt({ hash });
  } catch (error) {
    if (isNotFound(error)) throw new Invalid("tx_hash", "the transaction is not on the chain (yet): try again once it is mined");
    throw error;
  }
}

/** The listed tokens' transfers in the transaction: ERC-20 Transfer logs of their contracts, and its native value. */
async function listTransfers(check: TransferCheck, receipt: TransactionReceipt): Promise<Transfer[]> {
  const tokens = check.tokens.filter((token) => token.chain_id === check.chainId);
  const transfers: Transfer[] = [];
  for (const log of receipt.logs) {
    const token = tokens.find((candidate) => candidate.type === "erc20" && candidate.contract_address === log.address.toLowerCase());
    if (!token) continue;
    try {
      const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
      if (event.eventName !== "Transfer") continue;
      transfers.push({ logIndex: log.logIndex, token, from: event.args.from.toLowerCase(), to: event.args.to.toLowerCase(), value: event.args.value });
    } catch {
      // Not a standard Transfer (another event of the contract): not a tip.
    }
  }
  const native = tokens.find((token) => token.type === "native");
  if (native) {
    const transaction = await clientFor(check.chainId).getTransaction({ hash: receipt.transactionHash });
    if (transaction.to && transaction.value > 0n)
      transfers.push({ logIndex: -1, token: native, from: transaction.from.toLowerCase(), to: transaction.to.toLowerCase(), value: transaction.value });
  }
  return transfers;
}

/** Reads and checks the transfer; Invalid naming what failed. */
export async function verifyTipTransfer(check: TransferCheck): Promise<VerifiedTransfer> {
  if (!check.tokens.some((token) => token.chain_id === check.chainId)) throw new Invalid("chain_id", `the group lists no tip token on chain ${check.chainId}`);
  const receipt = await readReceipt(check.chainId, check.txHash as Hash);
  if (receipt.status !== "success") throw new Invalid("tx_hash", "the transaction failed on the chain (reverted)");
  const required = BigInt(getEnv().AGORA_TIP_CONFIRMATIONS);
  const confirmations = (await readLatestBlockNumber(check.chainId)) - receipt.blockNumber + 1n;
  if (confirmations < required) throw new Invalid("tx_hash", `the transaction has ${confirmations} of ${required} confirmations: try again shortly`);
  const transfers = await listTransfers(check, receipt);
  if (transfers.length === 0) throw new Invalid("tx_hash", "the transaction transfers none of the group's tip tokens");
  const fromCaller = transfers.filter((transfer) => check.senders.includes(transfer.from));
  if (fromCaller.length === 0) throw new Invalid("tx_hash", "the transfer is not from one of your wallets");
  const toAuthor = fromCaller.filter((transfer) => check.recipients.includes(transfer.to));
  if (toAuthor.length === 0) throw new Invalid("tx_hash", "the transfer is not to one of the author's wallets");
  const transfer = toAuthor.find((candidate) => candidate.value > 0n);
  if (!transfer) throw new Invalid("tx_hash", "the transferred amount must be above 0");
  return {
    logIndex: transfer.logIndex,
    token: transfer.token.type === "native" ? "native" : transfer.token.contract_address,
    symbol: transfer.token.symbol,
    amount: transfer.value.toString(),
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash.toLowerCase(),
  };
}

/** Whether the block a tip was verified in is still the chain's block at that height (false: it left the chain in a reorg). */
export async function isBlockStillOnChain(chainId: number, blockNumber: bigint, blockHash: string): Promise<boolean> {
  try {
    const block = await clientFor(chainId).getBlock({ blockNumber });
    return block.hash?.toLowerCase() === blockHash;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}
