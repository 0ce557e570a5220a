"use server";

import { z } from "zod";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { normalizeWalletKey } from "@/lib/auth/wallet/wallet-address";
import { WALLET_TYPES } from "@/lib/auth/wallet/wallet-types";
import { findWalletByAddress } from "@/lib/db/users";
import { issueWalletNonce } from "@/lib/services/wallet-auth";

const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const BAD_ADDRESS = "Your wallet reported an address we do not recognise. Try reconnecting it.";

/** Whether this wallet already has an account, so a newcomer is asked for a username before signing. */
export async function checkWalletAction(address: string): Promise<ActionResult<{ registered: boolean }>> {
  const parsed = AddressSchema.safeParse(address);
  if (!parsed.success) return { ok: false, error: BAD_ADDRESS };
  return runAction("checkWallet", async () => {
    const key = normalizeWalletKey(WALLET_TYPES.evm, parsed.data);
    return { registered: key.ok && (await findWalletByAddress(key.address)) !== null };
  });
}

/** A fresh single-use message for the wallet to sign (the API's GET /api/wallet/nonce). */
export async function requestSignInMessageAction(address: string): Promise<ActionResult<{ message: string }>> {
  const parsed = AddressSchema.safeParse(address);
  if (!parsed.success) return { ok: false, error: BAD_ADDRESS };
  return runAction("requestSignInMessage", async () => {
    const { message } = await issueWalletNonce({ web3PublicKey: parsed.data, walletType: WALLET_TYPES.evm });
    return { message };
  });
}
