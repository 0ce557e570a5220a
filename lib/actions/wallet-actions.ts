"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { isWalletRegistered, issueWalletNonce } from "@/lib/services/wallet-auth";

const AddressInput = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const BAD_ADDRESS = "Your wallet reported an address we do not recognise. Try reconnecting it.";

/** Whether this wallet already has an account, so a newcomer is asked for a username before signing. */
export const checkWalletAction = defineAction({ name: "checkWallet", auth: "optional", input: AddressInput, invalidInput: BAD_ADDRESS }, async ({ input }) => ({
  registered: await isWalletRegistered(input),
}));

/** A fresh single-use message for the wallet to sign (the API's GET /api/wallet/nonce). */
export const requestSignInMessageAction = defineAction(
  { name: "requestSignInMessage", auth: "optional", input: AddressInput, invalidInput: BAD_ADDRESS, budget: "signIn" },
  async ({ input }) => {
    const { message } = await issueWalletNonce({ web3PublicKey: input, walletType: WALLET_TYPES.evm });
    return { message };
  },
);
