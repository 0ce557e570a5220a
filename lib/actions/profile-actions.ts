"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { updateUserInfo } from "@/lib/services/user-profile";

// The address is the email section's (lib/actions/email-actions.ts).
const ProfileInput = z.object({ username: z.string(), photoUrl: z.string(), coverImage: z.string() });
export type ProfileInput = z.infer<typeof ProfileInput>;

/** The signed-in user's own profile, through the same use case as the API's update-info (endpoint 6). */
export const updateProfileAction = defineAction({ name: "updateProfile", auth: "user", input: ProfileInput }, async ({ viewer, input }) => {
  await updateUserInfo(viewer, input);
  return undefined;
});
