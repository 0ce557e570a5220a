"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { FormField } from "@/components/forms/form-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { setGroupRoleAction } from "@/lib/actions/group-moderation-actions";
import type { AssignableRole } from "@/lib/views/moderation-view";
import "../forms/forms.css";
import "./moderation.css";

export interface AddToTeamFormProps {
  groupId: number;
  /** Only the roles the viewer may give. */
  roles: { role: AssignableRole; label: string }[];
}

/** "Add to the team": a username and one of the roles the viewer may give. */
export function AddToTeamForm({ groupId, roles }: AddToTeamFormProps) {
  const router = useRouter();
  // Busy until the refreshed lists arrive, so the confirmation and the new row show together.
  const [refreshing, startRefresh] = useTransition();
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<AssignableRole>(roles[0]!.role);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { username: string; role: AssignableRole }) =>
      unwrapAction(() => setGroupRoleAction({ groupId, user: { username: input.username }, role: input.role })).then(
        () => `${input.username} is now ${input.role === "admin" ? "an admin" : "a moderator"}.`,
      ),
    onSuccess: () => {
      setUsername("");
      startRefresh(() => router.refresh());
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = username.trim();
    if (trimmed === "") return setUsernameError("Enter the username of the person to add.");
    setUsernameError(null);
    mutation.mutate({ username: trimmed, role });
  }

  return (
    <form className="form-card form-stack mod-form" onSubmit={handleSubmit} noValidate aria-labelledby="add-to-team-title">
      <h3 id="add-to-team-title" className="mod-form__title">
        Add to the team
      </h3>
      <div className="form-row">
        <TextField
          label="Username"
          name="team-username"
          autoComplete="off"
          maxLength={64}
          value={username}
          error={usernameError}
          onChange={(event) => {
            setUsername(event.target.value);
            if (mutation.isSuccess || mutation.isError) mutation.reset();
          }}
        />
        <FormField label="Role">
          {(control) => (
            <select
              {...control}
              className="form-select"
              value={role}
              onChange={(event) => setRole(roles.find((choice) => choice.role === event.target.value)?.role ?? role)}
            >
              {roles.map((choice) => (
                <option key={choice.role} value={choice.role}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormStatus mutation={mutation} success={mutation.data} />
      <FormActions busy={mutation.isPending || refreshing} label="Add to the team" busyLabel="Adding…" />
    </form>
  );
}
