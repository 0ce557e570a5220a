import { z } from "zod";
import { WALLET_PURPOSES } from "@/lib/schemas/wallet-purposes";
import { WalletTypeSchema } from "@/lib/schemas/wallet-types";
import { PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";

// Shape and presence only; the address format depends on wallet_type and is checked by the service.
const Web3PublicKey = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(2048, { error: "must be at most 2048 characters" });

// Signatures and messages are optional here because which ones are required depends on
// wallet_type (contract section 6); the service says which one is missing.
const OptionalProof = z.string({ error: "must be a string" }).max(4096, { error: "must be at most 4096 characters" }).optional();

const WalletKeyParamsSchema = z.object({
  web3_public_key: Web3PublicKey,
  wallet_type: WalletTypeSchema,
});

/** GET /api/wallet/nonce */
export const WalletNonceParamsSchema = WalletKeyParamsSchema.extend({
  // What the signed message will allow: sign_in (wallet login and register) or create_group.
  purpose: z.enum(WALLET_PURPOSES, { error: `must be one of ${WALLET_PURPOSES.join(", ")}` }).default("sign_in"),
});

/** POST /api/wallet/login (endpoint 8) */
export const WalletLoginParamsSchema = WalletKeyParamsSchema.extend({
  sign: OptionalProof,
  signMsg: OptionalProof,
  web3_wallet_auth_code: OptionalProof,
});

/** POST /api/wallet/register (endpoint 10) */
export const WalletRegisterParamsSchema = WalletLoginParamsSchema.extend({
  username: UsernameSchema,
  photo_url: PhotoUrlSchema,
});

/** POST /api/v2/purse/register (endpoint 14) */
export const PurseRegisterParamsSchema = z.object({
  web3_public_key: Web3PublicKey,
  username: UsernameSchema,
  photo_url: PhotoUrlSchema.optional(),
});

export const WalletNonceSchema = z.object({
  nonce: z.string(),
  message: z.string(),
  expires_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
});

export type WalletNonceDto = z.infer<typeof WalletNonceSchema>;
