"use client";

import { ImageUploadField } from "@/components/forms/image-upload-field";
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
  cover: "Cover image",
  logo: "Logo",
};

export interface GroupFieldsProps {
  values: GroupFieldValues;
  errors: Record<string, string>;
  onChange: (values: GroupFieldValues) => void;
  /** The group's handle once it exists: its art is uploaded as the group's (managers only). */
  groupName?: string;
  /** The saved cover and logo as the page may show them (remote images through /media/proxy). */
  saved?: { cover: string; logo: string; coverPreview: string; logoPreview: string };
}

/** Title, description and images: the fields a new group and its settings page share. */
export function GroupFields({ values, errors, onChange, groupName, saved }: GroupFieldsProps) {
  const set = (field: keyof GroupFieldValues) => (event: { target: { value: string } }) => onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <TextField
        label="Title"
        name="title"
        value={values.title}
        maxLength={100}
        error={errors.title}
        onChange={set("title")}
        hint="Shown at the top of the community and in the directory."
      />
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
        <ImageUploadField
          label="Cover image"
          shape="wide"
          value={values.cover}
          savedValue={saved?.cover ?? ""}
          savedPreview={saved?.coverPreview ?? ""}
          target={{ purpose: "cover", groupName }}
          error={errors.cover}
          onChange={(cover) => onChange({ ...values, cover })}
        />
        <ImageUploadField
          label="Logo"
          value={values.logo}
          savedValue={saved?.logo ?? ""}
          savedPreview={saved?.logoPreview ?? ""}
          target={{ purpose: "logo", groupName }}
          error={errors.logo}
          onChange={(logo) => onChange({ ...values, logo })}
        />
      </div>
    </>
  );
}
