import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS, readUserSettings, UserSettingsParamSchema } from "./user-settings-schemas";

describe("user settings (contract section 17)", () => {
  it("fills every key, keeping stored values that are valid and defaulting the rest", () => {
    expect(readUserSettings(null)).toEqual(DEFAULT_USER_SETTINGS);
    expect(readUserSettings({ show_nsfw: 1, email_digest: "hourly", legacy: true })).toEqual({ ...DEFAULT_USER_SETTINGS, show_nsfw: 1 });
    expect(readUserSettings([1, 2])).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("takes an object or its JSON text, and refuses unknown keys and values", () => {
    expect(UserSettingsParamSchema.parse({ hide_online: 1 })).toEqual({ hide_online: 1 });
    expect(UserSettingsParamSchema.parse('{"email_notifications":"off"}')).toEqual({ email_notifications: "off" });
    for (const bad of [{ theme: "dark" }, { show_nsfw: "1" }, { email_digest: "monthly" }, "{", [], null]) {
      expect(UserSettingsParamSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
