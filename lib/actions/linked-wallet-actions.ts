"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { WALLET_TYPES } from "@/lib/schemas/wallet-types";
import { linkWallet, unlinkWallet } from "@/lib/services/linked-wallets";
import { updateUserInfo } from "@/lib/services/user-profile";
import { issueWalletNonce } from "@/lib/services/wallet-auth";

// The settings page's wallets and NFT avatar (contract section 19), through the API's use cases.

const AddressInput = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const BAD_ADDRESS = "Your wallet reported an address we do not recognise. Try reconnecting it.";
const listed = (wallets: { address: string }[]) => ({ wallets: wallets.map((wallet) => wallet.address) });

/** A fresh single-use message that lets the connected wallet join this account (purpose link_wallet). */
export const requestLinkMessageAction = defineAction(
  { name: "requestLinkMessage", auth: "user", input: AddressInput, invalidInput: BAD_ADDRESS, budget: "signIn" },
  async ({ input }) => {
    const { message } = await issueWalletNonce({ web3PublicKey: input, walletType: WALLET_TYPES.evm, purpose: "link_wallet" });
    return { message };
  },
);

const LinkInput = z.object({ address: AddressInput, message: z.string().max(4096), signature: z.string().max(4096) });

export const linkWalletAction = defineAction({ name: "linkWallet", auth: "user", input: LinkInput }, async ({ viewer, input }) =>
  listed(await linkWallet(viewer, { walletType: WALLET_TYPES.evm, web3PublicKey: input.address, sign: input.signature, signMsg: input.message })),
);

export const unlinkWalletAction = defineAction({ name: "unlinkWallet", auth: "user", input: z.string().min(1).max(2048) }, async ({ viewer, input }) =>
  listed(await unlinkWallet(viewer, input)),
);

const NftInput = z.object({ chainId: z.number().int().positive(), contract: z.string().max(64), tokenId: z.string().max(100) });

/** Shows an NFT one of the account's wallets holds as the avatar (checked on the chain). */
export const setNftAvatarAction = defineAction({ name: "setNftAvatar", auth: "user", input: NftInput }, async ({ viewer, input }) => {
  await updateUserInfo(viewer, { nft: true, nftToken: { chain_id: input.chainId, contract_address: input.contract, token_id: input.tokenId } });
  return undefined;
});

/** Back to the photo from before the NFT. */
export const clearNftAvatarAction = defineAction({ name: "clearNftAvatar", auth: "user", input: z.undefined() }, async ({ viewer }) => {
  await updateUserInfo(viewer, { nft: false });
  return undefined;
});
