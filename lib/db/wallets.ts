import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";

// A user's wallets (the keys they sign in with, whose balances token gates read) and the sign-in
// messages issued for them (wallet_nonces: each accepted once, before it expires).

/** A wallet and whose it is. */
export interface WalletOwner {
  userId: number;
  /** The reference's wallet type (lib/schemas/wallet-types.ts). */
  type: number;
  address: string;
  publicKey: string | null;
}

export async function findWalletByAddress(address: string): Promise<WalletOwner | null> {
  const db = await getDb();
  return db.wallet.findUnique({ where: { address }, select: { userId: true, type: true, address: true, publicKey: true } });
}

const EVM_TYPES = [WALLET_TYPES.chainA, WALLET_TYPES.chainAHardware, WALLET_TYPES.evm];
const isEvmAddress = (address: string) => /^0x[0-9a-f]{40}$/i.test(address);

/** A user's EVM-style wallet addresses (isEvmStyle's types). */
export async function listEvmWalletAddresses(userId: number): Promise<string[]> {
  return (await listEvmWalletAddressesOf([userId])).get(userId) ?? [];
}

/** Several users' EVM-style wallet addresses in one statement; a user with none is absent. */
export async function listEvmWalletAddressesOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
  const db = await getDb();
  const wallets = await db.wallet.findMany({ where: { userId: { in: [...userIds] }, type: { in: EVM_TYPES } }, select: { userId: true, address: true } });
  const byUser = new Map<number, string[]>();
  for (const wallet of wallets.filter((row) => isEvmAddress(row.address))) byUser.set(wallet.userId, [...(byUser.get(wallet.userId) ?? []), wallet.address]);
  return byUser;
}

/** A sign-in message as issued: for which wallet, its exact text, and whether it was spent. */
export interface WalletNonce {
  nonce: string;
  address: string;
  walletType: number;
  message: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function insertWalletNonce(nonce: Omit<WalletNonce, "usedAt">): Promise<void> {
  const db = await getDb();
  await db.walletNonce.create({ data: nonce, select: { id: true } });
}

export async function findWalletNonce(nonce: string): Promise<WalletNonce | null> {
  const db = await getDb();
  return db.walletNonce.findUnique({
    where: { nonce },
    select: { nonce: true, address: true, walletType: true, message: true, usedAt: true, expiresAt: true },
  });
}

/**
 * Spends an unexpired, unused nonce: true when this call spent it. The conditional update is
 * the single point of truth: of two requests racing with the same message only one updates a row.
 */
export async function spendWalletNonce(nonce: string, now: Date, tx?: Tx): Promise<boolean> {
  const client = tx ?? (await getDb());
  const { count } = await client.walletNonce.updateMany({ where: { nonce, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return count === 1;
}

/** A user's wallets, oldest first (the order web3_public_keys lists them in). */
export async function listUserWallets(userId: number, tx?: Tx): Promise<Omit<WalletOwner, "userId">[]> {
  const client = tx ?? (await getDb());
  return client.wallet.findMany({ where: { userId }, select: { type: true, address: true, publicKey: true }, orderBy: { id: "asc" } });
}

/** Adds a wallet to an account; the unique address makes a concurrent second claim fail (isUniqueViolation). */
export async function insertWallet(tx: Tx, userId: number, wallet: Omit<WalletOwner, "userId">): Promise<void> {
  await tx.wallet.create({ data: { userId, ...wallet }, select: { id: true } });
}

/**
 * Locks the account's wallet list for a change (the user's row, FOR UPDATE): two removals at
 * once see each other's result, so the last wallet is never removed. Returns the wallets.
 */
export async function lockUserWallets(tx: Tx, userId: number): Promise<Omit<WalletOwner, "userId">[]> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  return listUserWallets(userId, tx);
}

export async function deleteWallet(tx: Tx, userId: number, address: string): Promise<boolean> {
  const { count } = await tx.wallet.deleteMany({ where: { userId, address } });
  return count === 1;
}
