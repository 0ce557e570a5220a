import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { inTransaction, isUniqueViolation } from "@/lib/db/engine/transaction";
import { markUserGateChecksStale } from "@/lib/db/memberships";
import { deleteWallet, findWalletByAddress, insertWallet, listUserWallets, lockUserWallets, type WalletOwner } from "@/lib/db/wallets";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { WALLET_TYPES, type WalletType } from "@/lib/schemas/wallet-types";
import { normalizeOrThrow } from "@/lib/services/wallet-auth";
import { checkWalletProof, consumeWalletProof } from "@/lib/services/wallet-proof";

// Contract section 19: an account holds several wallets. Each one signs in, and token gates,
// token polls and NFT avatars read the balances of all of them (listEvmWalletAddresses).

export type LinkedWallet = Omit<WalletOwner, "userId">;

/** Enough for anyone's hardware, browser and archive wallets; a bound on what each gate check reads. */
export const MAX_WALLETS_PER_USER = 20;

export interface LinkWalletInput {
  walletType: WalletType;
  web3PublicKey: string;
  sign?: string;
  signMsg?: string;
}

export async function listMyWallets(actor: SignedIn): Promise<LinkedWallet[]> {
  return listUserWallets(actor.id);
}

const boundElsewhere = () => new Conflict("web3_public_key: this wallet is already linked to another account", "web3_public_key");

/**
 * POST users/me/wallets: the wallet proves itself with a signed nonce message (purpose
 * link_wallet, or sign_in as section 6 issues by default). A wallet already on this account
 * answers as a success (a retried request); one on another account is a conflict.
 */
export async function linkWallet(actor: SignedIn, input: LinkWalletInput): Promise<LinkedWallet[]> {
  if (input.walletType === WALLET_TYPES.webWallet) {
    throw new Invalid("wallet_type", "a web wallet (4) cannot be linked: link the wallet that signs (5 EVM, 1/2 chain-A, 3 permaweb)");
  }
  const key = normalizeOrThrow(input.walletType, input.web3PublicKey);
  const claim = { walletType: input.walletType, address: key.address, publicKey: key.publicKey, sign: input.sign, signMsg: input.signMsg };
  const proof = await checkWalletProof(claim, ["link_wallet", "sign_in"]);

  const existing = await findWalletByAddress(key.address);
  if (existing && existing.userId !== actor.id) throw boundElsewhere();
  if (existing) {
    await consumeWalletProof(proof);
    return listUserWallets(actor.id);
  }
  try {
    await inTransaction(async (tx) => {
      const wallets = await lockUserWallets(tx, actor.id);
      if (wallets.length >= MAX_WALLETS_PER_USER) throw new Invalid("web3_public_key", `an account holds at most ${MAX_WALLETS_PER_USER} wallets`);
      await consumeWalletProof(proof, tx);
      await insertWallet(tx, actor.id, { type: input.walletType, address: key.address, publicKey: key.publicKey });
    });
  } catch (error) {
    // Another account (or this one, in a parallel request) bound the address between the read and the insert.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findWalletByAddress(key.address);
    if (winner?.userId !== actor.id) throw boundElsewhere();
  }
  return listUserWallets(actor.id);
}

/** The stored address a client may name a wallet by: any spelling of an EVM address, a permaweb address or its modulus. */
function readStoredAddress(web3PublicKey: string): string {
  const key = web3PublicKey.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(key)) return key.toLowerCase();
  if (/^[A-Za-z0-9_-]{43}$/.test(key)) return key;
  return normalizeOrThrow(WALLET_TYPES.permaweb, key).address;
}

/**
 * POST users/me/wallets/delete. The last wallet stays (an account without one could never sign
 * in again); a wallet that is not this account's is a 404. Gate checks of the account's
 * memberships become stale, so its next write in a gated group reads the remaining wallets.
 */
export async function unlinkWallet(actor: SignedIn, web3PublicKey: string): Promise<LinkedWallet[]> {
  const address = readStoredAddress(web3PublicKey);
  await inTransaction(async (tx) => {
    const wallets = await lockUserWallets(tx, actor.id);
    if (!wallets.some((wallet) => wallet.address === address)) throw new NotFound("wallet", "wallet not found: no wallet of yours has this address");
    if (wallets.length === 1) throw new Invalid("web3_public_key", "this is your only wallet; link another before removing it");
    await deleteWallet(tx, actor.id, address);
    await markUserGateChecksStale(tx, actor.id);
  });
  return listUserWallets(actor.id);
}
