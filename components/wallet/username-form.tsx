"use client";

import { useId, useState, type FormEvent } from "react";
import { FormActions } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { UsernameSchema } from "@/lib/schemas/user-schemas";

export interface UsernameFormProps {
  address: string;
  pending: boolean;
  onSubmit: (username: string) => void;
  onCancel: () => void;
}

/** Shown the first time a wallet signs in: the one thing a new account needs. */
export function UsernameForm({ address, pending, onSubmit, onCancel }: UsernameFormProps) {
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = UsernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(`Your username ${parsed.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>Choose a username</h2>
      <p className="form-hint">
        Welcome! The wallet <span className="signin-address">{address}</span> is new to Agora. Pick the name people will see next to your posts.
      </p>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoFocus
        maxLength={32}
        value={username}
        error={error}
        hint="2 to 32 characters. You can change it later in Settings."
        onChange={(event) => setUsername(event.target.value)}
      />
      <FormActions busy={pending} label="Create account and sign in" busyLabel="Waiting for your wallet…">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Use another wallet
        </button>
      </FormActions>
    </form>
  );
}
