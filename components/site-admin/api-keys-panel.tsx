"use client";

import { FormStatus } from "@/components/forms/form-footer";
import { useState, type FormEvent } from "react";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/actions/site-admin-actions";
import type { ApiKeyView } from "@/lib/views/site-admin-view";
import { useAdminAction } from "./use-admin-action";

function day(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace("T", " ") : "never";
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const revoke = useAdminAction(revokeApiKeyAction);
  return (
    <tr data-testid={`admin-key-${apiKey.id}`}>
      <td>{apiKey.label}</td>
      <td className="site-admin__key">{apiKey.prefix}…</td>
      <td>{day(apiKey.createdAt)}</td>
      <td>{day(apiKey.lastUsedAt)}</td>
      <td>
        {apiKey.revokedAt ? (
          `Revoked ${day(apiKey.revokedAt)}`
        ) : (
          <button type="button" className="button button--secondary" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: apiKey.id })}>
            {revoke.isPending ? "Revoking…" : `Revoke ${apiKey.label}`}
          </button>
        )}
        <FormStatus mutation={revoke} />
      </td>
    </tr>
  );
}

/** API keys for third-party clients: create (the key is shown once), see their last use, revoke. */
export function ApiKeysPanel({ keys }: { keys: ApiKeyView[] }) {
  const create = useAdminAction(createApiKeyAction);
  const [label, setLabel] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ label }, { onSuccess: () => setLabel("") });
  }

  return (
    <>
      <form className="form-card form-stack" onSubmit={submit} aria-label="New API key">
        <label className="form-label" htmlFor="api-key-label">
          Who the key is for
        </label>
        <input id="api-key-label" className="form-input" maxLength={100} value={label} onChange={(event) => setLabel(event.target.value)} required />
        <div className="site-admin__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending || label.trim() === ""}>
            {create.isPending ? "Creating…" : "Create key"}
          </button>
        </div>
        <FormStatus mutation={create} />
        {create.data ? (
          <div role="status">
            <p>Key #{create.data.id} is shown only now; give it to its client and keep it safe:</p>
            <p className="site-admin__key" data-testid="new-api-key">
              {create.data.key}
            </p>
          </div>
        ) : null}
      </form>
      <div className="form-card">
        <table className="site-admin__table">
          <caption className="visually-hidden">API keys</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
