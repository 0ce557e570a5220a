import { z } from "zod";
import { intParam } from "@/lib/schemas/params";

// A person's preferences (contract section 17): update user info takes them, /api/me shows them
// with every key filled. Pure, so the settings page's form uses the same lists.

export const EMAIL_NOTIFICATIONS = ["mentions", "all", "off"] as const;
export const EMAIL_DIGESTS = ["weekly", "daily", "off"] as const;
/** `dark_mode`: 0 light, 1 dark, 2 follow the device. */
export const DARK_MODES = { light: 0, dark: 1, device: 2 } as const;

const ZeroOne = z.union([z.literal(0), z.literal(1)], { error: "must be 0 or 1" });

/** The keys a settings change may carry; unknown keys or values are refused. */
export const UserSettingsPatchSchema = z.strictObject({
  email_notifications: z.enum(EMAIL_NOTIFICATIONS).optional(),
  email_digest: z.enum(EMAIL_DIGESTS).optional(),
  show_nsfw: ZeroOne.optional(),
  hide_online: ZeroOne.optional(),
});
export type UserSettingsPatch = z.infer<typeof UserSettingsPatchSchema>;
export type UserSettings = Required<UserSettingsPatch>;

export const DEFAULT_USER_SETTINGS: UserSettings = { email_notifications: "mentions", email_digest: "weekly", show_nsfw: 0, hide_online: 0 };

/** The `settings` parameter: a JSON object, or its text when it came in a form or the query. */
export const UserSettingsParamSchema = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, UserSettingsPatchSchema);

/** Stored settings with every key filled: a missing or unreadable value reads as its default. */
export function readUserSettings(stored: unknown): UserSettings {
  const record = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_USER_SETTINGS };
  for (const key of Object.keys(DEFAULT_USER_SETTINGS) as (keyof UserSettings)[]) {
    const one = UserSettingsPatchSchema.shape[key].safeParse(record[key]);
    if (one.success && one.data !== undefined) Object.assign(settings, { [key]: one.data });
  }
  return settings;
}

/** Plain text shown on the profile page (only links become links). */
export const BioSchema = z
  .string({ error: "must be a string" })
  .refine((value) => [...value].length <= 1000, { error: "must be at most 1000 characters" })
  .meta({ maxLength: 1000 });

export const DarkModeSchema = intParam({ min: 0, max: 2 });
