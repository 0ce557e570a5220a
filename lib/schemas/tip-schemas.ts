import { z } from "zod";
import { idParam, intParam, pageParam, pageSizeParam, parseJsonText } from "@/lib/schemas/params";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";

// Contract section 19's tips: the group's tip tokens, a tip's registration and the tips of a post.

export const TIP_TOKEN_TYPES = ["erc20", "native"] as const;
export const MAX_TIP_TOKENS = 5;
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/**
 * One tip token. A native token names no contract: contract_address may be absent, "" or the zero
 * address, and is stored as "". An ERC-20 needs its 0x address (stored lower-case).
 */
export const TipTokenSchema = z
  .object({
    chain_id: intParam({ min: 1 }),
    type: z.enum(TIP_TOKEN_TYPES, { error: `must be one of ${TIP_TOKEN_TYPES.join(", ")}` }),
    contract_address: z.string({ error: "must be a string" }).trim().optional(),
    symbol: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(16, { error: "must be at most 16 characters" }),
    decimals: intParam({ min: 0, max: 36 }),
  })
  .superRefine((token, context) => {
    const address = token.contract_address ?? "";
    if (token.type === "erc20" && !/^0x[0-9a-fA-F]{40}$/.test(address))
      context.addIssue({ code: "custom", message: "must be a 0x address of 40 hex digits for an erc20 token", path: ["contract_address"] });
    if (token.type === "native" && address !== "" && address.toLowerCase() !== ZERO_ADDRESS)
      context.addIssue({ code: "custom", message: "must be empty (or the zero address) for a native token", path: ["contract_address"] });
  })
  .transform((token) => ({
    chain_id: token.chain_id,
    type: token.type,
    contract_address: token.type === "native" ? "" : (token.contract_address ?? "").toLowerCase(),
    symbol: token.symbol,
    decimals: token.decimals,
  }));
export type TipToken = z.output<typeof TipTokenSchema>;

/** The tokens, as a JSON array or its text; two entries for the same token are refused. */
export const TipTokensSchema = z.preprocess(
  parseJsonText,
  z
    .array(TipTokenSchema, { error: "must be a JSON array of tokens" })
    .max(MAX_TIP_TOKENS, { error: `must hold at most ${MAX_TIP_TOKENS} tokens` })
    .refine((tokens) => new Set(tokens.map((token) => `${token.chain_id}:${token.contract_address}`)).size === tokens.length, {
      error: "must not list the same token twice",
    }),
);

export const TipTokensParamsSchema = z.object({ group_id: idParam(), tokens: TipTokensSchema });

/** A transaction hash, lower-cased. */
export const TxHashSchema = z
  .string({ error: "must be a string" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: "must be a 0x transaction hash of 64 hex digits" })
  .transform((hash) => hash.toLowerCase());

export const CreateTipParamsSchema = z.object({ post_id: idParam(), chain_id: intParam({ min: 1 }), tx_hash: TxHashSchema });
export const ListTipsParamsSchema = z.object({ post_id: idParam(), page: pageParam(), per_page: pageSizeParam(20) });

const Int = z.number().int();
const TipTokenOutSchema = z.strictObject({ chain_id: Int, type: z.enum(TIP_TOKEN_TYPES), contract_address: z.string(), symbol: z.string(), decimals: Int });
export const TipTokenInfoSchema = z.array(TipTokenOutSchema);
export const TipTokensResponseSchema = z.strictObject({ tip_token_info: TipTokenInfoSchema });

export const TipSchema = z.strictObject({
  id: Int,
  post_id: Int,
  from_user_id: Int,
  to_user_id: Int,
  chain_id: Int,
  tx_hash: z.string(),
  log_index: Int,
  token: z.string(),
  symbol: z.string(),
  amount: z.string(),
  created_at: ApiTimestampSchema,
});
export type TipDto = z.infer<typeof TipSchema>;
const TipUserSchema = z.strictObject({ id: Int, username: z.string(), photo_url: z.string() });
export const TipResponseSchema = z.strictObject({ tip: TipSchema });
export const TipListResponseSchema = z.strictObject({ tips: z.array(TipSchema.extend({ user: TipUserSchema })), count: Int });

/** A thread's tip_list entry: the first post's newest tips. */
export const ThreadTipSchema = z.strictObject({ user: TipUserSchema, symbol: z.string(), amount: z.string(), chain_id: Int, tx_hash: z.string() });
export type ThreadTipDto = z.infer<typeof ThreadTipSchema>;
