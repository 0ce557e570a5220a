import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { linkProof, type LinkBody } from "./linked-wallet-helpers";

// Contract section 19's linked-wallet writes for the authorization matrix
// (tests/hardening/auth-matrix.test.ts): refused for every bad token (401, nothing linked); the
// other user's own token links a fresh wallet to their own account, then removes it again
// (the link row runs before the delete row).

interface WalletTarget {
  linkProof: LinkBody;
}

type WalletWriteCase = { request: (target: WalletTarget) => { path: string; body: Record<string, unknown> }; anotherUser: "own" };

export const WALLET_WRITES: Record<string, WalletWriteCase> = {
  "POST /api/v2/users/me/wallets": { request: (t) => ({ path: "/api/v2/users/me/wallets", body: t.linkProof }), anotherUser: "own" },
  "POST /api/v2/users/me/wallets/delete": {
    request: (t) => ({ path: "/api/v2/users/me/wallets/delete", body: { web3_public_key: t.linkProof.web3_public_key } }),
    anotherUser: "own",
  },
};

/** A fresh wallet's signed link message: valid until the one accepted use. */
export function createMatrixLinkProof(): Promise<LinkBody> {
  return linkProof(createEvmTestWallet());
}
