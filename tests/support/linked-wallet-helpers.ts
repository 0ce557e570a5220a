import type { EvmTestWallet, PermawebTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getAs, postAs } from "./community-helpers";
import type { TestUser } from "./fixtures";
import { requestNonce } from "./wallet-flow";

// Contract section 19's linked wallets over HTTP.

export type WalletKeys = { web3_public_keys: { type: number; address: string }[] };
export type LinkBody = { web3_public_key: string; wallet_type: number; signMsg: string; sign: string };

/** A fresh message for `wallet`, signed by `signer` (the wallet itself unless a test forges it). */
export async function linkProof(
  wallet: EvmTestWallet,
  options: { purpose?: "link_wallet" | "sign_in" | "create_group"; signer?: EvmTestWallet } = {},
): Promise<LinkBody> {
  const { message } = await requestNonce(wallet.checksumAddress, 5, options.purpose ?? "link_wallet");
  return { web3_public_key: wallet.checksumAddress, wallet_type: 5, signMsg: message, sign: await (options.signer ?? wallet).sign(message) };
}

export async function permawebLinkProof(wallet: PermawebTestWallet): Promise<LinkBody> {
  const { message } = await requestNonce(wallet.publicKey, 3, "link_wallet");
  return { web3_public_key: wallet.publicKey, wallet_type: 3, signMsg: message, sign: wallet.sign(message) };
}

export const linkWallet = (user: TestUser, body: LinkBody | Record<string, unknown>) => postAs<WalletKeys>(user, "/api/v2/users/me/wallets", body);
export const unlinkWallet = (user: TestUser, key: string) => postAs<WalletKeys>(user, "/api/v2/users/me/wallets/delete", { web3_public_key: key });

/** Links `wallet` to `user` (must succeed). */
export async function linkOrFail(user: TestUser, wallet: EvmTestWallet): Promise<void> {
  const answer = await linkWallet(user, await linkProof(wallet));
  if (answer.status !== 200) throw new Error(`link failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The account's wallets as /api/me lists them. */
export async function walletsOf(user: TestUser): Promise<WalletKeys["web3_public_keys"]> {
  return (await getAs<{ user: WalletKeys }>(user, "/api/me")).body.data.user.web3_public_keys;
}
