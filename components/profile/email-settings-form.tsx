"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { useFieldErrors } from "@/components/forms/field-errors";
import { FormField } from "@/components/forms/form-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { resendEmailConfirmationAction, updateEmailSettingsAction } from "@/lib/actions/email-actions";
import { EMAIL_DIGESTS, EMAIL_NOTIFICATIONS, type UserSettings } from "@/lib/schemas/user-settings-schemas";
import { EmailSchema } from "@/lib/schemas/user-schemas";
import "../forms/forms.css";
import "./profile.css";

export interface EmailSettingsFormProps {
  initial: { email: string; confirmed: boolean; notifications: UserSettings["email_notifications"]; digest: UserSettings["email_digest"] };
  /** The site sends email (AGORA_SMTP_URL and AGORA_MAIL_FROM). */
  enabled: boolean;
}

const NOTIFICATION_LABELS: Record<(typeof EMAIL_NOTIFICATIONS)[number], string> = {
  mentions: "Replies, mentions, quotes and reminders",
  all: "Everything I am notified of",
  off: "Nothing",
};
const DIGEST_LABELS: Record<(typeof EMAIL_DIGESTS)[number], string> = { weekly: "Weekly", daily: "Daily", off: "None" };
const AddressSchema = z.object({ email: EmailSchema });

/** The email section: the address and whether it is confirmed, "send the link again", and what is mailed. */
export function EmailSettingsForm({ initial, enabled }: EmailSettingsFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const { errors, handleSubmit } = useFieldErrors(AddressSchema, { email: "Email address" });
  const save = useMutation({
    mutationFn: () =>
      unwrapAction(() =>
        updateEmailSettingsAction({ email: values.email, settings: { email_notifications: values.notifications, email_digest: values.digest } }),
      ),
    onSuccess: () => router.refresh(),
  });
  const resend = useMutation({ mutationFn: () => unwrapAction(() => resendEmailConfirmationAction({})) });
  const change = (next: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...next }));
    if (save.isSuccess) save.reset();
  };
  const saved = values.email === initial.email;

  return (
    <form
      id="email"
      className="form-card form-stack"
      aria-labelledby="email-title"
      noValidate
      onSubmit={handleSubmit({ email: values.email }, () => save.mutate())}
    >
      <h2 id="email-title">Email</h2>
      {!enabled && (
        <p className="form-hint preference-note" data-testid="email-off">
          Email is off on this site: nothing is sent. Your choices are kept and apply if the site turns it on.
        </p>
      )}
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        optional
        value={values.email}
        error={errors.email}
        onChange={(event) => change({ email: event.target.value })}
        hint="Never shown to other people. A new address gets a link to confirm it; only a confirmed address receives mail."
      />
      {initial.email !== "" && saved && (
        <div className="email-status" data-testid="email-status">
          {initial.confirmed ? (
            <p className="email-confirmed">Confirmed</p>
          ) : (
            <>
              <p className="email-unconfirmed">Not confirmed{enabled ? ": open the link we sent to this address." : "."}</p>
              {enabled && (
                <button type="button" className="button button--secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
                  {resend.isPending ? "Sending…" : "Send the link again"}
                </button>
              )}
              {resend.isSuccess && <p role="status">A new link is on its way.</p>}
              {resend.isError && <p role="alert">{resend.error.message}</p>}
            </>
          )}
        </div>
      )}
      <FormField label="Email me about">
        {(control) => (
          <select
            {...control}
            className="form-select"
            value={values.notifications}
            onChange={(event) => change({ notifications: event.target.value as typeof values.notifications })}
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
            value={values.digest}
            onChange={(event) => change({ digest: event.target.value as typeof values.digest })}
          >
            {EMAIL_DIGESTS.map((value) => (
              <option key={value} value={value}>
                {DIGEST_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="form-hint">
        Notification emails wait a minute and are not sent if you read the notification here first; a thread mails you at most once every 10 minutes.
      </p>
      <FormStatus mutation={save} success="Your email settings are saved." />
      <FormActions busy={save.isPending} label="Save email settings" busyLabel="Saving…" />
    </form>
  );
}
