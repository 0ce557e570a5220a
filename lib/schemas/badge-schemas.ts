import { z } from "zod";
import { flagParam } from "@/lib/schemas/moderation-schemas";
import { UserTitleSchema } from "@/lib/schemas/author-face-schemas";
import { GATE_RULE_TYPES, GateRuleSchema } from "@/lib/schemas/membership-schemas";
import { httpUrl, idParam, intParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";
import { parseJsonParam } from "@/lib/schemas/poll-schemas";

// Contract section 19, "Badges and titles".

export const BADGE_NAME_MAX = 50;
export const BADGE_DESCRIPTION_MAX = 300;
export const BADGE_KIND_NAMES = ["manual", "rule", "token"] as const;
export const BADGE_METRIC_NAMES = ["posts", "threads", "likes_received", "days_member"] as const;

const Flag = flagParam();

export const BadgeNameSchema = trimmedString({ min: 1, max: BADGE_NAME_MAX });
export const BadgeDescriptionSchema = trimmedString({ max: BADGE_DESCRIPTION_MAX });
export const BadgeImageUrlSchema = httpUrl().refine((value) => value !== "", { error: "must not be empty" });
export const BadgeOriginUrlSchema = httpUrl();
export const BadgeKindSchema = z.enum(BADGE_KIND_NAMES, { error: `must be one of ${BADGE_KIND_NAMES.join(", ")}` });

/** `rule`: {metric, at_least}, as JSON or its text. */
export const BadgeRuleSchema = z.preprocess(
  parseJsonParam,
  z
    .object(
      {
        metric: z.enum(BADGE_METRIC_NAMES, { error: `must be one of ${BADGE_METRIC_NAMES.join(", ")}` }),
        at_least: intParam({ min: 1, max: 1_000_000 }),
      },
      { error: "must be a JSON object {metric, at_least}" },
    )
    .transform((rule) => ({ metric: rule.metric, atLeast: rule.at_least })),
);

/** `token`: one token gate rule (contract section 14), as JSON or its text. */
export const BadgeTokenSchema = z.preprocess(parseJsonParam, GateRuleSchema);

const badgeFields = {
  description: BadgeDescriptionSchema,
  origin_url: BadgeOriginUrlSchema,
  rule: BadgeRuleSchema,
  token: BadgeTokenSchema,
  allow_title: Flag,
};

export const CreateBadgeParamsSchema = z.object({
  group_id: idParam(),
  name: BadgeNameSchema,
  description: unsetWhenBlank(badgeFields.description.default("")),
  image_url: BadgeImageUrlSchema,
  origin_url: unsetWhenBlank(badgeFields.origin_url.default("")),
  kind: unsetWhenBlank(BadgeKindSchema.default("manual")),
  rule: unsetWhenBlank(badgeFields.rule.optional()),
  token: unsetWhenBlank(badgeFields.token.optional()),
  allow_title: unsetWhenBlank(badgeFields.allow_title.default(0)),
});

/** Each field left out stays as it is. */
export const EditBadgeParamsSchema = z.object({
  badge_id: idParam(),
  name: BadgeNameSchema.optional(),
  description: badgeFields.description.optional(),
  image_url: BadgeImageUrlSchema.optional(),
  origin_url: badgeFields.origin_url.optional(),
  kind: unsetWhenBlank(BadgeKindSchema.optional()),
  rule: unsetWhenBlank(badgeFields.rule.optional()),
  token: unsetWhenBlank(badgeFields.token.optional()),
  allow_title: unsetWhenBlank(badgeFields.allow_title.optional()),
});

export const BadgeIdParamsSchema = z.object({ badge_id: idParam() });
export const GroupBadgesParamsSchema = z.object({ group_id: idParam() });
export const GrantBadgeParamsSchema = z.object({
  badge_id: idParam(),
  user_id: idParam(),
  reason: unsetWhenBlank(trimmedString({ max: 300 }).default("")),
});
export const UserBadgesParamsSchema = z.object({ user_id: idParam(), group_id: unsetWhenBlank(idParam().optional()) });
export const SetTitleParamsSchema = z.object({ group_id: idParam(), badge_id: intParam({ min: 0 }) });

const Int = z.number().int();

export const BadgeSchema = z.strictObject({
  id: Int,
  event_id: Int,
  name: z.string(),
  desc: z.string(),
  image_url: z.string(),
  origin_url: z.string(),
  kind: BadgeKindSchema,
  rule: z.strictObject({ metric: z.enum(BADGE_METRIC_NAMES), at_least: Int }).nullable(),
  token: z
    .strictObject({ type: z.enum(GATE_RULE_TYPES), chain_id: Int, contract_address: z.string(), token_id: z.string(), min_amount: z.string() })
    .nullable(),
  allow_title: z.union([z.literal(0), z.literal(1)]),
  grant_count: Int,
});
export type BadgeDto = z.infer<typeof BadgeSchema>;

export const UserBadgeSchema = z.strictObject({
  badge_id: Int,
  user_id: Int,
  granted_at: z.string(),
  granted_by: Int.nullable(),
  reason: z.string(),
});

export const BadgesResponseSchema = z.object({ badges: z.array(BadgeSchema) });
export const BadgeResponseSchema = z.object({ badge: BadgeSchema });
export const UserBadgeResponseSchema = z.object({ user_badge: UserBadgeSchema });
export const UserBadgesResponseSchema = z.object({
  badges: z.array(z.strictObject({ badge: BadgeSchema, group_id: Int, granted_at: z.string() })),
});
export const UserTitleResponseSchema = z.object({ user_title: z.array(UserTitleSchema) });
