"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { banUserAction } from "@/lib/actions/group-moderation-actions";
import { formatAbsoluteTime } from "@/lib/format/relative-time";
import "../forms/forms.css";
import "./moderation.css";

export interface BanFormProps {
  groupId: number;
  /** Filled in by a report's "Ban author". */
  initialUsername: string;
  limits: { maxBanDays: number; maxReason: number };
}

interface BanValues {
  username: string;
  reason: string;
  days: string;
}

function describeBan(username: string, until: Date | null): string {
  return until ? `${username} is banned until ${formatAbsoluteTime(new Date(until))}.` : `${username} is banned until the ban is lifted.`;
}

/** "Ban a user": who, why and for how long; the service decides whether the viewer may. */
export function BanForm({ groupId, initialUsername, limits }: BanFormProps) {
  const router = useRouter();
  // Busy until the refreshed lists arrive, so the confirmation and the new row show together.
  const [refreshing, startRefresh] = useTransition();
  const [values, setValues] = useState<BanValues>({ username: initialUsername, reason: "", days: "7" });
  const [errors, setErrors] = useState<Partial<Record<keyof BanValues, string>>>({});
  const mutation = useMutation({
    mutationFn: (input: { username: string; reason: string; days: number }) =>
      unwrapAction(() => banUserAction({ groupId, ...input })).then((ban) => describeBan(input.username, ban.until)),
    onSuccess: () => {
      setValues({ username: "", reason: "", days: "7" });
      startRefresh(() => router.refresh());
    },
  });

  function update(field: keyof BanValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (mutation.isSuccess || mutation.isError) mutation.reset();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const username = values.username.trim();
    const days = /^\s*\d+\s*$/.test(values.days) ? Number(values.days) : NaN;
    const found: typeof errors = {};
    if (username === "") found.username = "Enter the username of the person to ban.";
    if (!(days >= 0 && days <= limits.maxBanDays)) found.days = `Days must be a whole number from 0 to ${limits.maxBanDays}.`;
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ username, reason: values.reason.trim(), days });
  }

  return (
    <form id="ban-user" className="form-card form-stack mod-form" onSubmit={handleSubmit} noValidate aria-labelledby="ban-user-title">
      <h3 id="ban-user-title" className="mod-form__title">
        Ban a user
      </h3>
      <div className="form-row">
        <TextField
          label="Username"
          name="ban-username"
          autoComplete="off"
          value={values.username}
          error={errors.username}
          maxLength={64}
          onChange={(event) => update("username", event.target.value)}
        />
        <TextField
          label="Days"
          name="ban-days"
          type="number"
          inputMode="numeric"
          min={0}
          max={limits.maxBanDays}
          hint="0 keeps the ban until someone lifts it."
          value={values.days}
          error={errors.days}
          onChange={(event) => update("days", event.target.value)}
        />
      </div>
      <TextField
        label="Reason"
        name="ban-reason"
        optional
        maxLength={limits.maxReason}
        hint="Shown in the public moderation log."
        value={values.reason}
        onChange={(event) => update("reason", event.target.value)}
      />
      <FormStatus mutation={mutation} success={mutation.data} />
      <FormActions busy={mutation.isPending || refreshing} label="Ban user" busyLabel="Banning…" />
    </form>
  );
}
