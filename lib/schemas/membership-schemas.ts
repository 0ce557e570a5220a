import { z } from "zod";
import { ReasonParamSchema } from "@/lib/schemas/moderation-schemas";
import { idParam, intParam, pageParam, pageSizeParam, parseJsonText, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";
import { ApiTimestampSchema } from "@/lib/schemas/post-schemas";

// Contract section 14: membership, requests, invitations, group settings and token gates.

const Int = z.number().int();

export const JOINING_VALUES = [0, 1, 2, 3] as const;
export const VISIBILITY_VALUES = [0, 1, 2] as const;

export const JoinParamsSchema = z.object({ group_id: idParam(), message: ReasonParamSchema });
export const GroupUserParamsSchema = z.object({ group_id: idParam(), user_id: idParam() });
export const RejectParamsSchema = GroupUserParamsSchema.extend({ reason: ReasonParamSchema });
export const MembersParamsSchema = z.object({
  group_id: idParam(),
  state: unsetWhenBlank(z.enum(["member", "pending"], { error: "must be member or pending" }).default("member")),
  page: pageParam(),
  per_page: pageSizeParam(20),
});

export const MembershipSchema = z.strictObject({ group_id: Int, user_id: Int, state: z.enum(["member", "pending"]), level: Int });
export const JoinResponseSchema = z.strictObject({ membership: MembershipSchema, members: Int });
export const LeaveResponseSchema = z.strictObject({ members: Int });
export const MembershipResponseSchema = z.strictObject({ membership: MembershipSchema });

export const MemberSchema = z.strictObject({
  user: z.strictObject({ id: Int, username: z.string(), photo_url: z.string() }),
  level: Int,
  state: z.enum(["member", "pending"]),
  joined_at: ApiTimestampSchema,
});
export const MembersResponseSchema = z.strictObject({ members: z.array(MemberSchema), count: Int });

export const InviteResponseSchema = z.strictObject({
  invite: z.strictObject({ id: Int, group_id: Int, user_id: Int, expires_at: ApiTimestampSchema }),
});

const flagString = (field: string) =>
  z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.enum(["0", "1"], { error: `${field}: must be "0" or "1"` }));

/** attached_files: a JSON object (or its text) of the three rules, each optional. */
const AttachedFilesParamSchema = z.preprocess(
  parseJsonText,
  z.object(
    {
      allow_everyone: intParam({ min: 0, max: 1 }).optional(),
      allow_post: intParam({ min: 0, max: 1 }).optional(),
      allow_all_file_type: flagString("allow_all_file_type").optional(),
    },
    { error: "must be a JSON object with allow_everyone, allow_post, allow_all_file_type" },
  ),
);

const PollCategoryParamSchema = z.preprocess(
  // Only a flat list is joined: join() of nested arrays recurses, and a deep one overflows the stack.
  (value) =>
    typeof value === "number"
      ? String(value)
      : Array.isArray(value) && value.every((id) => typeof id === "number" || typeof id === "string")
        ? value.join(",")
        : value,
  z
    .string({ error: "must be category ids, comma-separated" })
    .trim()
    .regex(/^(\d{1,9}(\s*,\s*\d{1,9})*)?$/, { error: "must be category ids, comma-separated" })
    .transform((text) => [...new Set(text === "" ? [] : text.split(",").map((part) => Number(part.trim())))]),
);

export const GroupMembershipSettingsSchema = z.object({
  joining: unsetWhenBlank(intParam({ min: 0, max: 3 }).optional()),
  visibility: unsetWhenBlank(intParam({ min: 0, max: 2 }).optional()),
  open_readonly: unsetWhenBlank(flagString("open_readonly").optional()),
  attached_files: unsetWhenBlank(AttachedFilesParamSchema.optional()),
  // Contract section 18: category ids, comma-separated, whose new threads must carry a poll ("" clears).
  poll_category: PollCategoryParamSchema.optional(),
  // Contract section 19: 1 archives every new post and revision (public groups without a token gate).
  archive: unsetWhenBlank(intParam({ min: 0, max: 1 }).optional()),
});
export type GroupMembershipSettings = z.infer<typeof GroupMembershipSettingsSchema>;
export const SettingsParamsSchema = GroupMembershipSettingsSchema.extend({ group_id: idParam() });

// Token gates.
export const GATE_RULE_TYPES = ["erc20", "erc721", "erc1155", "native"] as const;
const Address = z
  .string({ error: "must be a 0x address" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be a 0x address of 40 hex digits" });
const BaseUnits = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
  z
    .string({ error: "must be a decimal string" })
    .regex(/^[0-9]{1,78}$/, { error: "must be a decimal string of base units" })
    // zod runs a refinement even after the regex failed: BigInt("lots") would throw.
    .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) >= 1n, { error: "must be at least 1" }),
);

export const GateRuleSchema = z
  .object({
    type: z.enum(GATE_RULE_TYPES, { error: `must be one of ${GATE_RULE_TYPES.join(", ")}` }),
    chain_id: intParam({ min: 1 }),
    contract_address: Address.optional(),
    token_id: BaseUnits.or(z.literal("0")).optional(),
    min_amount: BaseUnits,
  })
  .superRefine((rule, context) => {
    if (rule.type !== "native" && !rule.contract_address)
      context.addIssue({ code: "custom", message: "contract_address: required for this type", path: ["contract_address"] });
    if (rule.type === "erc1155" && rule.token_id === undefined)
      context.addIssue({ code: "custom", message: "token_id: required for erc1155", path: ["token_id"] });
  })
  .transform((rule) => ({
    type: rule.type,
    chain_id: rule.chain_id,
    contract_address: rule.type === "native" ? "" : (rule.contract_address ?? "").toLowerCase(),
    token_id: rule.type === "erc1155" ? (rule.token_id ?? "0") : "",
    min_amount: rule.min_amount,
  }));
export type GateRule = z.output<typeof GateRuleSchema>;

const RulesParamSchema = z.preprocess(
  parseJsonText,
  z.array(GateRuleSchema, { error: "must be a JSON array of rules" }).max(5, { error: "must hold at most 5 rules" }),
);

export const GateParamsSchema = z.object({
  group_id: idParam(),
  logic: unsetWhenBlank(z.enum(["all", "any"], { error: "must be all or any" }).default("all")),
  rules: RulesParamSchema,
});

const RuleOutSchema = z.strictObject({
  type: z.enum(GATE_RULE_TYPES),
  chain_id: Int,
  contract_address: z.string(),
  token_id: z.string(),
  min_amount: z.string(),
});
export const GateResponseSchema = z.strictObject({ gate: z.strictObject({ logic: z.enum(["all", "any"]), rules: z.array(RuleOutSchema) }) });
export const GateCheckResponseSchema = z.strictObject({
  eligible: z.boolean(),
  checked_at: ApiTimestampSchema,
  rules: z.array(z.strictObject({ index: Int, met: z.boolean(), balance: z.string(), required: z.string() })),
});

export const InviteParamsSchema = z.object({ group_id: idParam(), user_id: idParam() });
export const InviteByNameSchema = trimmedString({ min: 1, max: 64 });
