import { z } from "zod";
import { idParam, intParam, trimmedString } from "@/lib/schemas/params";

// Contract section 20, "Group features": the reference's list of names, which an admin may switch, and
// which are fixed.

/** The features an admin can switch. */
export const SWITCHABLE_FEATURES = ["attached_files", "badges", "rewards", "topic_organization", "share_externally"] as const;
export type SwitchableFeature = (typeof SWITCHABLE_FEATURES)[number];

/** The features whose status is fixed: always on, or never offered. */
export const FIXED_FEATURES: Readonly<Record<string, 0 | 1>> = {
  adminsAndModerators: 1,
  GroupLevelPermission: 1,
  layout: 1,
  subscription: 0,
  discordsettings: 0,
};

/** Every name of the reference's list, in the order a new group gets them. */
export const GROUP_FEATURE_NAMES = [
  "adminsAndModerators",
  "badges",
  "attached_files",
  "GroupLevelPermission",
  "layout",
  "rewards",
  "share_externally",
  "subscription",
  "topic_organization",
  "discordsettings",
] as const;

export const GroupFeatureSchema = z.object({
  id: z.number().int(),
  feature_name: z.string(),
  is_setting: z.number().int(),
  status: z.number().int().nullable(),
});

export type GroupFeatureDto = z.infer<typeof GroupFeatureSchema>;

export const SetGroupFeatureParamsSchema = z.object({
  group_id: idParam(),
  feature_name: trimmedString({ min: 1, max: 50 }).describe("a name of get group info's `feature` list"),
  status: intParam({ min: 0, max: 1 }).describe("1 on, 0 off"),
});

export const GroupFeaturesResponseSchema = z.object({ feature: z.array(GroupFeatureSchema) });
