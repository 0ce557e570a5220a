"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { useFieldErrors } from "@/components/forms/field-errors";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { ImageUploadField } from "@/components/forms/image-upload-field";
import { TextField } from "@/components/forms/text-field";
import { UserAvatar } from "@/components/wallet/user-avatar";
import { unwrapAction } from "@/lib/actions/action-types";
import { updateProfileAction, type ProfileInput } from "@/lib/actions/profile-actions";
import { PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import "../forms/forms.css";
import "../wallet/wallet.css";

// The same field rules as the API's update-info, checked here first for instant feedback.
const ProfileSchema = z.object({ username: UsernameSchema, photoUrl: PhotoUrlSchema, coverImage: PhotoUrlSchema });
const LABELS = { username: "Username", photoUrl: "Avatar address", coverImage: "Cover image address" };

export interface ProfileSettingsFormProps {
  initial: ProfileInput;
  /** The saved avatar through /media/proxy: the page may load no other host's images (CSP). */
  photoPreview: string;
}

/** An upload's own path (the page shows Agora's uploads directly), else nothing until saved. */
function uploadPreview(url: string): string {
  return /^https?:\/\/[^/]+(\/uploads\/\d+\/[0-9a-f]{64}\.[a-z0-9]+)$/.exec(url)?.[1] ?? "";
}

export function ProfileSettingsForm({ initial, photoPreview }: ProfileSettingsFormProps) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const { errors, handleSubmit } = useFieldErrors(ProfileSchema, LABELS);
  const mutation = useMutation({
    mutationFn: (input: ProfileInput) => unwrapAction(() => updateProfileAction(input)),
    onSuccess: () => {
      // The layout re-reads the session (name and avatar come fresh from the database), so the header updates too.
      router.refresh();
    },
  });

  const set = (field: keyof ProfileInput) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    if (mutation.isSuccess) mutation.reset();
  };

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit(values, mutation.mutate)} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <div className="form-preview">
        <UserAvatar name={values.username || "?"} image={values.photoUrl === initial.photoUrl ? photoPreview : uploadPreview(values.photoUrl)} size={56} />
        <p className="form-hint">
          {values.photoUrl === initial.photoUrl ? "This is how you appear next to your posts." : "Save the profile to use the new picture."}
        </p>
      </div>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        maxLength={32}
        value={values.username}
        error={errors.username}
        onChange={set("username")}
        hint="2 to 32 characters, unique on Agora."
      />
      <ImageUploadField
        label="Avatar"
        value={values.photoUrl}
        savedValue={initial.photoUrl}
        savedPreview={photoPreview}
        target={{ purpose: "avatar" }}
        error={errors.photoUrl}
        onChange={(photoUrl) => set("photoUrl")({ target: { value: photoUrl } })}
        hint="A square picture (PNG, JPEG, GIF, WebP). Remove it to show your initial."
      />
      <ImageUploadField
        label="Cover image"
        shape="wide"
        value={values.coverImage}
        savedValue={initial.coverImage}
        savedPreview=""
        target={{ purpose: "cover" }}
        error={errors.coverImage}
        onChange={(coverImage) => set("coverImage")({ target: { value: coverImage } })}
        hint="A wide picture shown at the top of your profile."
      />
      <FormStatus mutation={mutation} success="Your profile is saved." />
      <FormActions busy={mutation.isPending} label="Save profile" busyLabel="Saving…" />
    </form>
  );
}
