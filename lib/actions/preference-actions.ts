"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { setUserIgnored } from "@/lib/services/user-ignores";
import { updateUserInfo } from "@/lib/services/user-profile";

// The settings page's preferences and the profile page's Ignore button (contract section 17),
// through the same use cases as the API's update user info and ignore endpoints.

const PreferencesInput = z.object({
  bio: z.string(),
  darkMode: z.number().int(),
  // The service checks keys and values (unknown ones are refused), as for the API.
  settings: z.record(z.string(), z.unknown()),
});
export type PreferencesInput = z.infer<typeof PreferencesInput>;

export const updatePreferencesAction = defineAction({ name: "updatePreferences", auth: "user", input: PreferencesInput }, async ({ viewer, input }) => {
  await updateUserInfo(viewer, input);
  return undefined;
});

/** The header's theme button, signed in: the account's theme, which every device follows. */
export const setDarkModeAction = defineAction(
  { name: "setDarkMode", auth: "user", input: z.object({ darkMode: z.number().int() }) },
  async ({ viewer, input }) => {
    await updateUserInfo(viewer, { darkMode: input.darkMode });
    return undefined;
  },
);

export const setUserIgnoredAction = defineAction(
  { name: "setUserIgnored", auth: "user", input: z.object({ userId: z.number().int().positive(), ignored: z.boolean() }) },
  async ({ viewer, input }) => {
    const state = await setUserIgnored(viewer, input.userId, input.ignored);
    return { ignored: state.ignored };
  },
);
