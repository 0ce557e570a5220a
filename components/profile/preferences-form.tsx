"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextAreaField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { updatePreferencesAction } from "@/lib/actions/preference-actions";
import { DARK_MODES, EMAIL_DIGESTS, EMAIL_NOTIFICATIONS, type UserSettings } from "@/lib/schemas/user-settings-schemas";
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
const NOTIFICATION_LABELS: Record<(typeof EMAIL_NOTIFICATIONS)[number], string> = {
  mentions: "Replies, mentions and quotes",
  all: "Also new posts in threads I follow",
  off: "None",
};
const DIGEST_LABELS: Record<(typeof EMAIL_DIGESTS)[number], string> = { weekly: "Weekly", daily: "Daily", off: "None" };

/** Bio, theme, email preferences, sensitive content and online status: saved to the account, so every device follows them. */
export function PreferencesForm({ initial }: PreferencesFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => updatePreferencesAction(values)),
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
        <legend className="form-label">Email</legend>
        <p className="form-hint preference-note" data-testid="email-inert">
          Agora does not send email yet. Your choices are kept and will apply once it does.
        </p>
        <FormField label="Email me about">
          {(control) => (
            <select
              {...control}
              className="form-select"
              value={values.settings.email_notifications}
              onChange={(event) => setting({ email_notifications: event.target.value as UserSettings["email_notifications"] })}
            >
              {EMAIL_NOTIFICATIONS.map((value) => (
                <option key={value} value={value}>
                  {NOTIFICATION_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Digest of what I missed">
          {(control) => (
            <select
              {...control}
              className="form-select"
              value={values.settings.email_digest}
              onChange={(event) => setting({ email_digest: event.target.value as UserSettings["email_digest"] })}
            >
              {EMAIL_DIGESTS.map((value) => (
                <option key={value} value={value}>
                  {DIGEST_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
