import "server-only";
import type { LinkedWalletsResponseDto } from "@/lib/schemas/linked-wallet-schemas";
import type { LinkedWallet } from "@/lib/services/linked-wallets";

/** `{web3_public_keys}`: `{type, address}` per wallet, oldest first, as in the user shapes. */
export function serializeLinkedWallets(wallets: readonly LinkedWallet[]): LinkedWalletsResponseDto {
  return { web3_public_keys: wallets.map((wallet) => ({ type: wallet.type, address: wallet.address })) };
}
