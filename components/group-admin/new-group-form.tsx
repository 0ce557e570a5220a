"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldErrors } from "@/components/forms/field-errors";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { createGroupAction } from "@/lib/actions/group-actions";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { GROUP_FIELD_LABELS, GroupFields, type GroupFieldValues } from "./group-fields";
import "../forms/forms.css";

// A handle suggestion from the title: "Rust Builders!" → "rust-builders".
function suggestHandle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
}

export function NewGroupForm() {
  const router = useRouter();
  const [values, setValues] = useState<GroupFieldValues>({ title: "", description: "", cover: "", logo: "" });
  const [name, setName] = useState("");
  const [nameEdited, setNameEdited] = useState(false);
  const { errors, handleSubmit } = useFieldErrors(CreateGroupFieldsSchema, GROUP_FIELD_LABELS);
  const mutation = useMutation({
    mutationFn: (input: GroupFieldValues & { name: string }) => unwrapAction(() => createGroupAction(input)),
    onSuccess: ({ name: created }) => router.push(`/g/${created}`),
  });

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit({ ...values, name }, mutation.mutate)} noValidate>
      <GroupFields
        values={values}
        errors={errors}
        onChange={(next) => {
          setValues(next);
          if (!nameEdited) setName(suggestHandle(next.title));
        }}
      />
      <TextField
        label="Handle"
        name="name"
        prefix="/g/"
        value={name}
        maxLength={32}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.name}
        hint="The community's address: 3 to 32 lowercase letters, digits, - or _. It cannot be changed later."
        onChange={(event) => {
          setNameEdited(true);
          setName(event.target.value.toLowerCase());
        }}
      />
      <FormStatus mutation={mutation} />
      {/* Success leads to the new community, so the button stays busy until it opens. */}
      <FormActions busy={mutation.isPending || mutation.isSuccess} label="Create community" busyLabel="Creating…" />
    </form>
  );
}
