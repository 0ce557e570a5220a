// Client-safe: the API schemas name these too.
/** What a signed wallet message allows: logging in or registering, creating a group, or linking the wallet to an account. */
export const WALLET_PURPOSES = ["sign_in", "create_group", "link_wallet"] as const;
export type WalletPurpose = (typeof WALLET_PURPOSES)[number];
