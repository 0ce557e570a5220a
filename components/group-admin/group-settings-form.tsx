"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldErrors } from "@/components/forms/field-errors";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { unwrapAction } from "@/lib/actions/action-types";
import { updateGroupSettingsAction } from "@/lib/actions/group-actions";
import { GroupSettingsFieldsSchema } from "@/lib/schemas/group-settings-schemas";
import { GROUP_FIELD_LABELS, GroupFields, type GroupFieldValues } from "./group-fields";
import "../forms/forms.css";

export interface GroupSettingsFormProps {
  groupId: number;
  groupName: string;
  initial: GroupFieldValues;
  /** The saved cover and logo as the page may show them (lib/media/image-proxy-url.ts). */
  previews: { cover: string; logo: string };
}

export function GroupSettingsForm({ groupId, groupName, initial, previews }: GroupSettingsFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const { errors, handleSubmit } = useFieldErrors(GroupSettingsFieldsSchema, GROUP_FIELD_LABELS);
  const mutation = useMutation({
    mutationFn: (fields: GroupFieldValues) => unwrapAction(() => updateGroupSettingsAction({ groupId, groupName, ...fields })),
    onSuccess: () => router.refresh(),
  });

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit(values, mutation.mutate)} noValidate aria-labelledby="group-settings-title">
      <h2 id="group-settings-title">Profile</h2>
      <GroupFields
        groupName={groupName}
        saved={{ cover: initial.cover, logo: initial.logo, coverPreview: previews.cover, logoPreview: previews.logo }}
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          if (mutation.isSuccess) mutation.reset();
        }}
      />
      <FormStatus mutation={mutation} success="Saved. The community page shows the new details." />
      <FormActions busy={mutation.isPending} label="Save changes" busyLabel="Saving…" />
    </form>
  );
}
