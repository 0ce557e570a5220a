import "server-only";
import { notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import {
  serializePurseRegisterUser,
  serializeWalletLoginUser,
  serializeWalletRegisterUser,
} from "@/lib/api/serializers/user";
import { findUserBundle, findUserProfile } from "@/lib/db/users";
import {
  PurseRegisterParamsSchema,
  WalletLoginParamsSchema,
  WalletNonceParamsSchema,
  WalletRegisterParamsSchema,
} from "@/lib/schemas/wallet-schemas";
import { issueWalletNonce, loginWithWallet, registerPurse, registerWithWallet } from "@/lib/services/wallet-auth";

async function findProfileOrThrow(userId: number) {
  const row = await findUserProfile(userId);
  if (!row) throw notFound("user");
  return row;
}

// GET /api/wallet/nonce
export const getWalletNonce = defineEndpoint({ auth: "none", params: WalletNonceParamsSchema }, async ({ params }) =>
  issueWalletNonce({ web3PublicKey: params.web3_public_key, walletType: params.wallet_type }),
);

// POST /api/wallet/login
export const walletLogin = defineEndpoint({ auth: "none", params: WalletLoginParamsSchema }, async ({ params }) => {
  const { userId, token } = await loginWithWallet({
    walletType: params.wallet_type,
    web3PublicKey: params.web3_public_key,
    sign: params.sign,
    signMsg: params.signMsg,
    webWalletAuthCode: params.web3_wallet_auth_code,
  });
  return { user: serializeWalletLoginUser(await findProfileOrThrow(userId)), api_token: token };
});

// POST /api/wallet/register
export const walletRegister = defineEndpoint({ auth: "none", params: WalletRegisterParamsSchema }, async ({ params }) => {
  const { userId, token } = await registerWithWallet({
    walletType: params.wallet_type,
    web3PublicKey: params.web3_public_key,
    sign: params.sign,
    signMsg: params.signMsg,
    webWalletAuthCode: params.web3_wallet_auth_code,
    username: params.username,
    photoUrl: params.photo_url,
  });
  return { user: serializeWalletRegisterUser(await findProfileOrThrow(userId)), api_token: token };
});

// POST /api/v2/purse/register
export const purseRegister = defineEndpoint({ auth: "none", params: PurseRegisterParamsSchema }, async ({ params, request }) => {
  const { userId } = await registerPurse({
    web3PublicKey: params.web3_public_key,
    username: params.username,
    photoUrl: params.photo_url,
  });
  const bundle = await findUserBundle(userId, { groups: true });
  if (!bundle) throw notFound("user");
  return { user: serializePurseRegisterUser(bundle, readRequestOrigin(request)) };
});
