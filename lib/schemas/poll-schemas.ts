import { z } from "zod";
import { intParam, parseJsonText } from "@/lib/schemas/params";
import { ApiTimestampSchema, UserBriefSchema } from "@/lib/schemas/post-schemas";
import { GATE_RULE_TYPES } from "@/lib/schemas/membership-schemas";

// Contract section 18's poll object. Each input field has its own schema, so a bad value is named
// (`poll.options: ...`); the service reads the object key by key (lib/services/poll-input.ts).
// Pure zod: the poll builder on the page validates with the same rules.

export const POLL_TYPES = ["single", "multiple", "ranked"] as const;
export const POLL_RESULTS = ["always", "on_vote", "on_close"] as const;
export const POLL_VOTERS = ["secret", "public"] as const;
export const POLL_ELIGIBILITIES = ["everyone", "token"] as const;
export const POLL_WEIGHTINGS = ["per_user", "token_balance"] as const;
export const MAX_POLLS_PER_THREAD = 5;
export const MAX_POLL_OPTIONS = 20;
export const MAX_POLL_TEXT = 200;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });

const Address = z
  .string({ error: "must be a 0x address" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be a 0x address of 40 hex digits" });
const BaseUnits = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  z.string({ error: "must be a decimal string" }).regex(/^[0-9]{1,78}$/, { error: "must be a decimal string of base units" }),
);

/** `token`: a token rule as a group gate's; min_amount (default "1") is what eligibility asks for. */
export const PollTokenSchema = z
  .strictObject(
    {
      type: oneOf(GATE_RULE_TYPES),
      chain_id: intParam({ min: 1 }),
      contract_address: Address.optional(),
      token_id: BaseUnits.optional(),
      min_amount: BaseUnits.optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key ${issue.keys.map((key) => `"${key}"`).join(", ")}` : "must be a JSON object") },
  )
  .superRefine((rule, context) => {
    if (rule.type !== "native" && !rule.contract_address) context.addIssue({ code: "custom", message: "required for this type", path: ["contract_address"] });
    if (rule.type === "erc1155" && rule.token_id === undefined) context.addIssue({ code: "custom", message: "required for erc1155", path: ["token_id"] });
  })
  .transform((rule) => ({
    type: rule.type,
    chain_id: rule.chain_id,
    contract_address: rule.type === "native" ? "" : (rule.contract_address ?? "").toLowerCase(),
    token_id: rule.type === "erc1155" ? (rule.token_id ?? "0") : "",
    min_amount: rule.min_amount ?? "1",
  }));

const Flag = z.preprocess((value) => (value === true ? 1 : value === false ? 0 : value), intParam({ min: 0, max: 1 }));
const Instant = z
  .string({ error: "must be an ISO 8601 time" })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: "must be an ISO 8601 time with a zone, e.g. 2026-12-01T10:00:00Z",
  })
  .transform((value) => new Date(value))
  .nullable();

/** Each field of the input poll object, by its key. */
export const PollInputFields = {
  title: z
    .string({ error: "must be a string" })
    .trim()
    .max(MAX_POLL_TEXT, { error: `must be at most ${MAX_POLL_TEXT} characters` }),
  type: oneOf(POLL_TYPES),
  options: z
    .array(
      z
        .string({ error: "must be texts" })
        .trim()
        .min(1, { error: "must not hold an empty text" })
        .max(MAX_POLL_TEXT, { error: `must hold texts of at most ${MAX_POLL_TEXT} characters` }),
      { error: "must be an array of texts" },
    )
    .min(2, { error: "must hold at least 2 options" })
    .max(MAX_POLL_OPTIONS, { error: `must hold at most ${MAX_POLL_OPTIONS} options` })
    .refine((texts) => new Set(texts).size === texts.length, { error: "must be distinct" }),
  min: intParam({ min: 1, max: MAX_POLL_OPTIONS }),
  max: intParam({ min: 1, max: MAX_POLL_OPTIONS }),
  results: oneOf(POLL_RESULTS),
  voters: oneOf(POLL_VOTERS),
  // null: no opening or closing time (an edit clears one).
  opens_at: Instant.nullable(),
  closes_at: Instant.nullable(),
  eligibility: oneOf(POLL_ELIGIBILITIES),
  token: PollTokenSchema.nullable(),
  weighting: oneOf(POLL_WEIGHTINGS),
  allow_change: Flag,
} as const;
export type PollInputKey = keyof typeof PollInputFields;
export type PollInputValues = { [K in PollInputKey]?: z.output<(typeof PollInputFields)[K]> };

/** Contract section 18's poll object (output). */
export const PollSchema = z.strictObject({
  id: z.number().int(),
  thread_id: z.number().int(),
  title: z.string(),
  type: z.enum(POLL_TYPES),
  options: z.array(z.strictObject({ id: z.number().int(), text: z.string(), votes: z.number().int().nullable(), weight: z.string().nullable() })),
  min: z.number().int(),
  max: z.number().int(),
  results: z.enum(POLL_RESULTS),
  voters: z.enum(POLL_VOTERS),
  status: z.enum(["scheduled", "open", "closed"]),
  opens_at: ApiTimestampSchema.nullable(),
  closes_at: ApiTimestampSchema.nullable(),
  eligibility: z.enum(POLL_ELIGIBILITIES),
  token: z
    .strictObject({ type: z.enum(GATE_RULE_TYPES), chain_id: z.number().int(), contract_address: z.string(), token_id: z.string(), min_amount: z.string() })
    .nullable(),
  weighting: z.enum(POLL_WEIGHTINGS),
  allow_change: z.number().int(),
  snapshot_block: z.number().int().nullable(),
  voter_count: z.number().int().nullable(),
  total_weight: z.string().nullable(),
  rounds: z.array(z.array(z.strictObject({ option_id: z.number().int(), votes: z.number().int() }))).nullable(),
  winner: z.number().int().nullable(),
  viewer: z.strictObject({ voted: z.number().int(), options: z.array(z.number().int()), weight: z.string().nullable(), eligible: z.number().int() }).nullable(),
});
export type PollDto = z.infer<typeof PollSchema>;
export const PollResponseSchema = z.strictObject({ poll: PollSchema });

export const PollVotersResponseSchema = z.strictObject({
  voters: z.array(
    z.strictObject({
      user: UserBriefSchema.pick({ id: true, username: true, photo_url: true }),
      options: z.array(z.number().int()),
      weight: z.string(),
      created_at: ApiTimestampSchema,
    }),
  ),
  count: z.number().int(),
});

/** A parameter that may arrive as JSON text (form bodies): parsed when it parses, else left for the service to refuse. */
export const parseJsonParam = parseJsonText;

/** `options` of a vote: option ids, comma-separated (or a JSON array), in order of preference. */
export const VoteOptionsParamSchema = z.preprocess(
  (value) => {
    if (typeof value === "number") return [value];
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text.startsWith("[")) return parseJsonParam(text);
    return text === "" ? [] : text.split(",").map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part));
  },
  z
    .array(z.number({ error: "must be option ids, comma-separated" }).int({ error: "must be option ids, comma-separated" }).min(1).max(2_147_483_647), {
      error: "must be option ids, comma-separated",
    })
    .min(1, { error: "must name at least one option" })
    .max(MAX_POLL_OPTIONS, { error: `must name at most ${MAX_POLL_OPTIONS} options` }),
);
