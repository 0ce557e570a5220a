import { z } from "zod";
import { intParam } from "@/lib/schemas/params";

// Contract section 19: update user info's `nft`, the token shown as an avatar with is_nft 1.

const MAX_UINT256 = (1n << 256n) - 1n;

/** A form body sends the object as JSON text; a JSON body may send the object itself. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const NftTokenFieldsSchema = z.object(
  {
    chain_id: intParam({ min: 1 }),
    contract_address: z
      .string({ error: "must be a 0x address" })
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be a 0x address of 40 hex digits" })
      .transform((value) => value.toLowerCase()),
    token_id: z.preprocess(
      (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
      z
        .string({ error: "must be a decimal string" })
        .trim()
        .regex(/^[0-9]{1,78}$/, { error: "must be a decimal token id" })
        .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) <= MAX_UINT256, { error: "must fit in 256 bits" })
        .transform((value) => BigInt(value).toString()),
    ),
  },
  { error: "must be a JSON object {chain_id, contract_address, token_id}" },
);

/** `nft`: `{chain_id, contract_address, token_id}`, as an object or its JSON text. */
export const NftParamSchema = z.preprocess(parseJsonText, NftTokenFieldsSchema);
export type NftParam = z.output<typeof NftTokenFieldsSchema>;
