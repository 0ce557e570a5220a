"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { collectFieldErrors } from "@/components/forms/field-errors";
import { unwrapAction } from "@/lib/actions/action-types";
import { updateGroupSettingsAction } from "@/lib/actions/group-actions";
import { GroupSettingsFieldsSchema } from "@/lib/schemas/group-settings-schemas";
import { GROUP_FIELD_LABELS, GroupFields, type GroupFieldValues } from "./group-fields";
import "../forms/forms.css";

export interface GroupSettingsFormProps {
  groupId: number;
  groupName: string;
  initial: GroupFieldValues;
}

export function GroupSettingsForm({ groupId, groupName, initial }: GroupSettingsFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (fields: GroupFieldValues) => unwrapAction(() => updateGroupSettingsAction({ groupId, groupName, ...fields })),
    onSuccess: () => router.refresh(),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = GroupSettingsFieldsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(collectFieldErrors(parsed.error, GROUP_FIELD_LABELS));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit} noValidate aria-labelledby="group-settings-title">
      <h2 id="group-settings-title">Profile</h2>
      <GroupFields
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          if (mutation.isSuccess) mutation.reset();
        }}
      />
      <div aria-live="polite">
        {mutation.isError ? (
          <p className="form-error" role="alert">
            {mutation.error.message}
          </p>
        ) : null}
        {mutation.isSuccess ? <p className="form-success">Saved. The community page shows the new details.</p> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : "Save changes"}
        </button>
      </div>
    </form>
  );
}
