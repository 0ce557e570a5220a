import "server-only";
import { getDb } from "@/lib/db/client";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";

// A user's wallets: the keys they sign in with and whose balances token gates read.

/** A user's EVM-style wallet addresses (isEvmStyle's types). */
export async function listEvmWalletAddresses(userId: number): Promise<string[]> {
  const db = await getDb();
  const wallets = await db.wallet.findMany({
    where: { userId, type: { in: [WALLET_TYPES.chainA, WALLET_TYPES.chainAHardware, WALLET_TYPES.evm] } },
    select: { address: true },
  });
  return wallets.map((wallet) => wallet.address).filter((address) => /^0x[0-9a-f]{40}$/i.test(address));
}
