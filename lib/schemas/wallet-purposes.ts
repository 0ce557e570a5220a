// Client-safe: the API schemas name these too.
/** What a signed wallet message allows: logging in or registering, or creating a group. */
export const WALLET_PURPOSES = ["sign_in", "create_group"] as const;
export type WalletPurpose = (typeof WALLET_PURPOSES)[number];
