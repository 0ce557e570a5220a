"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { useFieldErrors } from "@/components/forms/field-errors";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { UserAvatar } from "@/components/wallet/user-avatar";
import { unwrapAction } from "@/lib/actions/action-types";
import { updateProfileAction, type ProfileInput } from "@/lib/actions/profile-actions";
import { EmailSchema, PhotoUrlSchema, UsernameSchema } from "@/lib/schemas/user-schemas";
import "../forms/forms.css";
import "../wallet/wallet.css";

// The same field rules as the API's update-info, checked here first for instant feedback.
const ProfileSchema = z.object({ username: UsernameSchema, photoUrl: PhotoUrlSchema, coverImage: PhotoUrlSchema, email: EmailSchema });
const LABELS = { username: "Username", photoUrl: "Avatar address", coverImage: "Cover image address", email: "Email" };

export interface ProfileSettingsFormProps {
  initial: ProfileInput;
  /** The saved avatar through /media/proxy: the page may load no other host's images (CSP). */
  photoPreview: string;
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
        <UserAvatar name={values.username || "?"} image={values.photoUrl === initial.photoUrl ? photoPreview : ""} size={56} />
        <p className="form-hint">{values.photoUrl === initial.photoUrl ? "This is how you appear next to your posts." : "A new picture shows here once it is saved."}</p>
      </div>
      <TextField label="Username" name="username" autoComplete="username" maxLength={32} value={values.username} error={errors.username} onChange={set("username")} hint="2 to 32 characters, unique on Agora." />
      <TextField label="Avatar address" name="photoUrl" type="url" inputMode="url" optional placeholder="https://" value={values.photoUrl} error={errors.photoUrl} onChange={set("photoUrl")} hint="A link to a square image. Leave empty to show your initial." />
      <TextField label="Cover image address" name="coverImage" type="url" inputMode="url" optional placeholder="https://" value={values.coverImage} error={errors.coverImage} onChange={set("coverImage")} hint="A wide image shown at the top of your profile." />
      <TextField label="Email" name="email" type="email" autoComplete="email" optional value={values.email} error={errors.email} onChange={set("email")} hint="Never shown to other people." />
      <FormStatus mutation={mutation} success="Your profile is saved." />
      <FormActions busy={mutation.isPending} label="Save profile" busyLabel="Saving…" />
    </form>
  );
}
