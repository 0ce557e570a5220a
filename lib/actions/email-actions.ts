"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { resendEmailConfirmation } from "@/lib/services/email-addresses";
import { updateUserInfo } from "@/lib/services/user-profile";

// The settings page's email section (contract section 20), through the same use cases as the API's
// update user info (address and preferences) and POST /api/v2/users/me/email/resend.

const EmailSettingsInput = z.object({
  email: z.string(),
  // The service checks keys and values, as for the API.
  settings: z.object({ email_notifications: z.string(), email_digest: z.string() }),
});

export const updateEmailSettingsAction = defineAction({ name: "updateEmailSettings", auth: "user", input: EmailSettingsInput }, async ({ viewer, input }) => {
  await updateUserInfo(viewer, input);
  return undefined;
});

export const resendEmailConfirmationAction = defineAction({ name: "resendEmailConfirmation", auth: "user", input: z.object({}) }, async ({ viewer }) => {
  const status = await resendEmailConfirmation(viewer);
  return { address: status.address };
});
