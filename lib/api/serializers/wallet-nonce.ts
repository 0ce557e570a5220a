import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { WalletNonceDto } from "@/lib/schemas/wallet-schemas";

/** The message a wallet signs (contract section 6). */
export function serializeWalletNonce(nonce: { nonce: string; message: string; expiresAt: Date }): WalletNonceDto {
  return { nonce: nonce.nonce, message: nonce.message, expires_at: formatTimestamp(nonce.expiresAt) };
}
