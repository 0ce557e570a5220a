"use client";

import { TextAreaField, TextField } from "@/components/forms/text-field";

export interface GroupFieldValues {
  title: string;
  description: string;
  cover: string;
  logo: string;
}

export const GROUP_FIELD_LABELS: Record<string, string> = {
  name: "Handle",
  title: "Title",
  description: "Description",
  cover: "Cover image address",
  logo: "Logo address",
};

export interface GroupFieldsProps {
  values: GroupFieldValues;
  errors: Record<string, string>;
  onChange: (values: GroupFieldValues) => void;
}

/** Title, description and images: the fields a new group and its settings page share. */
export function GroupFields({ values, errors, onChange }: GroupFieldsProps) {
  const set = (field: keyof GroupFieldValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <TextField label="Title" name="title" value={values.title} maxLength={100} error={errors.title} onChange={set("title")} hint="Shown at the top of the community and in the directory." />
      <TextAreaField
        label="Description"
        name="description"
        optional
        value={values.description}
        maxLength={2000}
        rows={4}
        error={errors.description}
        onChange={set("description")}
        hint="What the community is for, in a sentence or two."
      />
      <div className="form-row">
        <TextField label="Cover image address" name="cover" type="url" inputMode="url" optional placeholder="https://" value={values.cover} error={errors.cover} onChange={set("cover")} />
        <TextField label="Logo address" name="logo" type="url" inputMode="url" optional placeholder="https://" value={values.logo} error={errors.logo} onChange={set("logo")} />
      </div>
    </>
  );
}
