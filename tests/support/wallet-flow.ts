import { createEvmTestWallet, type EvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { call } from "./api-client";
import { uniqueName } from "./fixtures";

// Gets users the way a client does: nonce → personal_sign with a viem account → register/login, over HTTP.

export interface WalletUser {
  id: number;
  username: string;
  address: string;
  token: string;
  wallet: EvmTestWallet;
}

export interface IssuedNonce {
  nonce: string;
  message: string;
  expires_at: string;
}

/** A message to sign; `purpose` is sent only when given, so the default (sign_in) is exercised too. */
export async function requestNonce(web3PublicKey: string, walletType: number = 5, purpose?: "sign_in" | "create_group" | "link_wallet"): Promise<IssuedNonce> {
  const response = await call<IssuedNonce>("GET", "/api/wallet/nonce", {
    query: { web3_public_key: web3PublicKey, wallet_type: walletType, ...(purpose ? { purpose } : {}) },
  });
  if (response.status !== 200) throw new Error(`nonce failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** The proof parameters of login and register for an EVM-style wallet: a fresh message, signed. */
export async function signEvmProof(wallet: EvmTestWallet, walletType: 1 | 2 | 5 = 5) {
  const { message } = await requestNonce(wallet.checksumAddress, walletType);
  return { web3_public_key: wallet.checksumAddress, wallet_type: walletType, signMsg: message, sign: await wallet.sign(message) };
}

export async function registerEvmUser(options: { username?: string; photoUrl?: string; wallet?: EvmTestWallet } = {}): Promise<WalletUser> {
  const wallet = options.wallet ?? createEvmTestWallet();
  const username = options.username ?? uniqueName("user");
  const response = await call<{ user: { id: number }; api_token: string }>("POST", "/api/wallet/register", {
    body: { ...(await signEvmProof(wallet)), username, photo_url: options.photoUrl ?? "" },
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.data.user.id, username, address: wallet.address, token: response.body.data.api_token, wallet };
}

/** A new token for an already registered EVM wallet. */
export async function loginEvm(wallet: EvmTestWallet): Promise<string> {
  const response = await call<{ api_token: string }>("POST", "/api/wallet/login", { body: await signEvmProof(wallet) });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.api_token;
}
