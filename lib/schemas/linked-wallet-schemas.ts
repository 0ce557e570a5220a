import { z } from "zod";
import { WalletKeySchema } from "@/lib/schemas/user-schemas";
import { WalletTypeSchema } from "@/lib/schemas/wallet-types";

// Contract section 19: POST /api/v2/users/me/wallets and .../wallets/delete.

const Web3PublicKey = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(2048, { error: "must be at most 2048 characters" });
// Required by the service (which names the missing one), as at login.
const Proof = z.string({ error: "must be a string" }).max(4096, { error: "must be at most 4096 characters" }).optional();

export const LinkWalletParamsSchema = z.object({ web3_public_key: Web3PublicKey, wallet_type: WalletTypeSchema, sign: Proof, signMsg: Proof });
export const UnlinkWalletParamsSchema = z.object({ web3_public_key: Web3PublicKey });

/** The account's wallets, as the user shapes list them. */
export const LinkedWalletsResponseSchema = z.object({ web3_public_keys: z.array(WalletKeySchema) });
export type LinkedWalletsResponseDto = z.infer<typeof LinkedWalletsResponseSchema>;
