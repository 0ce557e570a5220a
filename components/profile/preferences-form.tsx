"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextAreaField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { updatePreferencesAction } from "@/lib/actions/preference-actions";
import { DARK_MODES, type UserSettings } from "@/lib/schemas/user-settings-schemas";
import { accountTheme } from "@/lib/theme";
import "../forms/forms.css";
import "./profile.css";

export interface PreferencesFormProps {
  initial: { bio: string; darkMode: number; settings: UserSettings };
}

const THEMES = [
  { value: DARK_MODES.light, label: "Light" },
  { value: DARK_MODES.dark, label: "Dark" },
  { value: DARK_MODES.device, label: "Same as this device" },
];

/** Bio, theme, sensitive content and online status: saved to the account, so every device follows them. */
export function PreferencesForm({ initial }: PreferencesFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const mutation = useMutation({
    // Only this form's keys: the email section saves its own, and a stale copy here must not undo them.
    mutationFn: () =>
      unwrapAction(() => updatePreferencesAction({ ...values, settings: { show_nsfw: values.settings.show_nsfw, hide_online: values.settings.hide_online } })),
    onSuccess: () => {
      // The theme shows at once; the refresh renders every page part with the saved account.
      const theme = accountTheme(values.darkMode);
      if (theme) document.documentElement.dataset.theme = theme;
      else delete document.documentElement.dataset.theme;
      router.refresh();
    },
  });
  const change = (next: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...next }));
    if (mutation.isSuccess) mutation.reset();
  };
  const setting = (next: Partial<UserSettings>) => change({ settings: { ...values.settings, ...next } });

  return (
    <form
      className="form-card form-stack"
      aria-labelledby="preferences-title"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
    >
      <h2 id="preferences-title">Preferences</h2>
      <TextAreaField
        label="Bio"
        name="bio"
        optional
        rows={4}
        maxLength={1000}
        value={values.bio}
        onChange={(event) => change({ bio: event.target.value })}
        hint={`Shown on your profile as plain text; web addresses become links. ${values.bio.length} of 1,000 characters.`}
      />
      <fieldset className="preference-group">
        <legend className="form-label">Theme</legend>
        <div className="preference-choices">
          {THEMES.map((theme) => (
            <label key={theme.value} className="preference-choice">
              <input type="radio" name="darkMode" checked={values.darkMode === theme.value} onChange={() => change({ darkMode: theme.value })} />
              {theme.label}
            </label>
          ))}
        </div>
        <p className="form-hint">Saved to your account: every device you sign in on follows it.</p>
      </fieldset>
      <fieldset className="preference-group">
        <legend className="form-label">Privacy and content</legend>
        <label className="preference-choice">
          <input type="checkbox" checked={values.settings.show_nsfw === 1} onChange={(event) => setting({ show_nsfw: event.target.checked ? 1 : 0 })} />
          Show sensitive content without a cover
        </label>
        <label className="preference-choice">
          <input type="checkbox" checked={values.settings.hide_online === 1} onChange={(event) => setting({ hide_online: event.target.checked ? 1 : 0 })} />
          Hide my online status
        </label>
        <p className="form-hint">Hidden, others see you offline and you are not counted among a group&apos;s members online.</p>
      </fieldset>
      <FormStatus mutation={mutation} success="Your preferences are saved." />
      <FormActions busy={mutation.isPending} label="Save preferences" busyLabel="Saving…" />
    </form>
  );
}
