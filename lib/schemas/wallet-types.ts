import { z } from "zod";

// Numeric codes come from endpoint 8 of the reference; clients send them verbatim.
export const WALLET_TYPES = {
  chainA: 1,
  chainAHardware: 2,
  permaweb: 3,
  webWallet: 4,
  evm: 5,
} as const;

export type WalletType = (typeof WALLET_TYPES)[keyof typeof WALLET_TYPES];

const WALLET_TYPE_VALUES: readonly number[] = Object.values(WALLET_TYPES);
const WALLET_TYPE_ERROR = "must be one of 1, 2, 3, 4, 5";

export function isWalletType(value: unknown): value is WalletType {
  return typeof value === "number" && WALLET_TYPE_VALUES.includes(value);
}

// Chain-A wallets (software or hardware) use the same secp256k1 keys and
// personal_sign scheme as EVM wallets, so they share one verification path.
export function isEvmStyle(type: WalletType): type is 1 | 2 | 5 {
  return type === WALLET_TYPES.chainA || type === WALLET_TYPES.chainAHardware || type === WALLET_TYPES.evm;
}

// Form and query parameters arrive as strings ("5"), JSON bodies as numbers.
export const WalletTypeSchema = z.union([z.number(), z.string()], { error: WALLET_TYPE_ERROR }).transform((value, ctx): WalletType => {
  const parsed = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (isWalletType(parsed)) return parsed;
  ctx.addIssue({ code: "custom", message: WALLET_TYPE_ERROR, input: value });
  return z.NEVER;
});
