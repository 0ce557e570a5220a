"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { SWITCHABLE_FEATURES } from "@/lib/schemas/group-feature-schemas";
import { setGroupFeature } from "@/lib/services/group-features";

// Contract section 20's group features for the settings page: the same use case as the API.

const FeatureInput = z.object({
  groupId: z.number().int().positive(),
  groupName: z.string().max(64),
  feature: z.enum(SWITCHABLE_FEATURES),
  on: z.boolean(),
});

/** Switches one feature; every page of the group follows. */
export const setGroupFeatureAction = defineAction({ name: "setGroupFeature", auth: "user", input: FeatureInput }, async ({ viewer, input }) => {
  await setGroupFeature(viewer, input.groupId, input.feature, input.on ? 1 : 0);
  revalidatePath(`/g/${input.groupName}`, "layout");
  return input.on;
});
