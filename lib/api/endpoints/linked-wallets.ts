import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeLinkedWallets } from "@/lib/api/serializers/linked-wallets";
import { LinkedWalletsResponseSchema, LinkWalletParamsSchema, UnlinkWalletParamsSchema } from "@/lib/schemas/linked-wallet-schemas";
import { linkWallet, unlinkWallet } from "@/lib/services/linked-wallets";

// POST /api/v2/users/me/wallets
export const linkWalletEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/me/wallets",
    family: "v2",
    auth: "user",
    tag: "Wallet",
    summary: "Link another wallet to the account, proven with a signed nonce message (purpose link_wallet or sign_in); idempotent",
    params: LinkWalletParamsSchema,
    response: LinkedWalletsResponseSchema,
    errors: ["unauthenticated", "conflict"],
  },
  async ({ params, viewer }) => {
    const input = { walletType: params.wallet_type, web3PublicKey: params.web3_public_key, sign: params.sign, signMsg: params.signMsg };
    return serializeLinkedWallets(await linkWallet(viewer, input));
  },
);

// POST /api/v2/users/me/wallets/delete
export const unlinkWalletEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/me/wallets/delete",
    family: "v2",
    auth: "user",
    tag: "Wallet",
    summary: "Remove a wallet from the account (not the last one)",
    params: UnlinkWalletParamsSchema,
    response: LinkedWalletsResponseSchema,
    errors: ["not_found"],
  },
  async ({ params, viewer }) => serializeLinkedWallets(await unlinkWallet(viewer, params.web3_public_key)),
);
