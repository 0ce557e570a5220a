import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializePurseRegisterUser, serializeWalletLoginUser, serializeWalletRegisterUser } from "@/lib/api/serializers/user";
import { serializeWalletNonce } from "@/lib/api/serializers/wallet-nonce";
import { PurseRegisterUserSchema, WalletLoginUserSchema, WalletRegisterUserSchema } from "@/lib/schemas/user-schemas";
import {
  PurseRegisterParamsSchema,
  WalletLoginParamsSchema,
  WalletNonceParamsSchema,
  WalletNonceSchema,
  WalletRegisterParamsSchema,
} from "@/lib/schemas/wallet-schemas";
import { getAccountProfile, getOwnAccount } from "@/lib/services/user-profile";
import { issueWalletNonce, loginWithWallet, registerPurse, registerWithWallet } from "@/lib/services/wallet-auth";
import { consumeBudget } from "@/lib/rate-limit";

// Login and register carry the same proof parameters (contract section 6).
function readProof(params: z.output<typeof WalletLoginParamsSchema>) {
  return {
    walletType: params.wallet_type,
    web3PublicKey: params.web3_public_key,
    sign: params.sign,
    signMsg: params.signMsg,
    webWalletAuthCode: params.web3_wallet_auth_code,
  };
}

// GET /api/wallet/nonce
export const getWalletNonce = defineEndpoint(
  {
    method: "GET",
    path: "/api/wallet/nonce",
    budget: "signIn",
    family: "api",
    auth: "none",
    tag: "Wallet",
    summary: "The EIP-4361 message a wallet signs to log in or register (purpose=sign_in) or to create a group",
    params: WalletNonceParamsSchema,
    response: WalletNonceSchema,
  },
  async ({ params }) =>
    serializeWalletNonce(await issueWalletNonce({ web3PublicKey: params.web3_public_key, walletType: params.wallet_type, purpose: params.purpose })),
);

// POST /api/wallet/login
export const walletLogin = defineEndpoint(
  {
    method: "POST",
    path: "/api/wallet/login",
    budget: "signIn",
    family: "api",
    auth: "none",
    tag: "Wallet",
    summary: "8. Log in with a wallet",
    params: WalletLoginParamsSchema,
    response: z.object({ user: WalletLoginUserSchema, api_token: z.string() }),
    errors: ["not_found", "unauthenticated", "forbidden"],
  },
  async ({ params }) => {
    const { userId, token } = await loginWithWallet(readProof(params));
    return { user: serializeWalletLoginUser(await getAccountProfile(userId)), api_token: token };
  },
);

// POST /api/wallet/register
export const walletRegister = defineEndpoint(
  {
    method: "POST",
    path: "/api/wallet/register",
    budget: "signIn",
    family: "api",
    auth: "none",
    tag: "Wallet",
    summary: "10. Register with a wallet (an existing address logs in)",
    params: WalletRegisterParamsSchema,
    response: z.object({ user: WalletRegisterUserSchema, api_token: z.string() }),
    errors: ["conflict", "unauthenticated", "forbidden"],
  },
  async ({ params }) => {
    const { userId, token } = await registerWithWallet({ ...readProof(params), username: params.username, photoUrl: params.photo_url });
    return { user: serializeWalletRegisterUser(await getAccountProfile(userId)), api_token: token };
  },
);

// POST /api/v2/purse/register
export const purseRegister = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/purse/register",
    family: "v2",
    auth: "none",
    tag: "Wallet",
    summary: "14. Register a wallet without proof (quick start)",
    params: PurseRegisterParamsSchema,
    response: z.object({ user: PurseRegisterUserSchema }),
    errors: ["conflict"],
  },
  async ({ params, request, client }) => {
    await consumeBudget("purseRegister", client);
    const { userId } = await registerPurse({ web3PublicKey: params.web3_public_key, username: params.username, photoUrl: params.photo_url });
    const bundle = await getOwnAccount({ id: userId }, { groups: true });
    return { user: serializePurseRegisterUser(bundle, readRequestOrigin(request)) };
  },
);
