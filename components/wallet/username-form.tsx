"use client";

import { useId, useState, type FormEvent } from "react";
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
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

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
    <form className="form-card form-stack" onSubmit={handleSubmit} noValidate aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Choose a username</h2>
      <p className="form-hint">
        Welcome! The wallet <span className="signin-address">{address}</span> is new to Agora. Pick the name people will see
        next to your posts.
      </p>
      <div className="form-field">
        <label className="form-label" htmlFor={inputId}>
          Username
        </label>
        <input
          id={inputId}
          className="form-input"
          name="username"
          autoComplete="username"
          autoFocus
          maxLength={32}
          value={username}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setUsername(event.target.value)}
        />
        <p id={hintId} className="form-hint">
          2 to 32 characters. You can change it later in Settings.
        </p>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Use another wallet
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Waiting for your wallet…" : "Create account and sign in"}
        </button>
      </div>
    </form>
  );
}
