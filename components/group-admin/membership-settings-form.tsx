"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { updateMembershipSettingsAction } from "@/lib/actions/membership-actions";
import type { GroupJoining, GroupView, GroupVisibility } from "@/lib/views/group-view";

// Each option's value is its place in the list.
const JOINING: [GroupJoining, string][] = [
  ["open", "Open: anyone joins at once"],
  ["request", "By request: a moderator approves"],
  ["invitation", "By invitation only"],
  ["gate", "Token gate: holders join at once"],
];
const VISIBILITY: [GroupVisibility, string][] = [
  ["public", "Public: anyone reads"],
  ["private", "Private: members read; everyone sees the card"],
  ["hidden", "Hidden: members only; absent for everyone else"],
];

function Choices<T extends string>({ id, choices, value, onChange }: { id: string; choices: [T, string][]; value: T; onChange: (value: T) => void }) {
  return (
    <select id={id} value={choices.findIndex(([name]) => name === value)} onChange={(event) => onChange(choices[Number(event.target.value)]![0])}>
      {choices.map(([name, label], index) => (
        <option key={name} value={index}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** Who may join and read, and attachment rules (admins; contract section 14's group settings). */
export function MembershipSettingsForm({ group }: { group: GroupView }) {
  const router = useRouter();
  const [joining, setJoining] = useState(group.joining);
  const [visibility, setVisibility] = useState(group.visibility);
  const [readOnly, setReadOnly] = useState(group.openReadonly);
  const [files, setFiles] = useState(group.attachedFiles);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function save(event: React.FormEvent) {
    event.preventDefault();
    setStatus(null);
    startTransition(async () => {
      const result = await updateMembershipSettingsAction({
        groupId: group.id,
        groupName: group.name,
        joining,
        visibility,
        openReadonly: readOnly,
        ...files,
      }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setStatus({ ok: true, text: "Saved." });
      router.refresh();
    });
  }

  return (
    <form className="form-card form-stack membership__request" onSubmit={save} aria-labelledby="membership-settings-title">
      <h2 id="membership-settings-title">Membership and privacy</h2>
      <label htmlFor="setting-joining">Who may join</label>
      <Choices id="setting-joining" choices={JOINING} value={joining} onChange={setJoining} />
      <label htmlFor="setting-visibility">Who may read</label>
      <Choices id="setting-visibility" choices={VISIBILITY} value={visibility} onChange={setVisibility} />
      <label>
        <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} /> Read-only for non-members (they must join to write)
      </label>
      <label>
        <input type="checkbox" checked={files.allowEveryone} onChange={(event) => setFiles({ ...files, allowEveryone: event.target.checked })} /> Every member
        may upload (else moderators only)
      </label>
      <label>
        <input type="checkbox" checked={files.allowPost} onChange={(event) => setFiles({ ...files, allowPost: event.target.checked })} /> Attachments on posts
      </label>
      <label>
        <input type="checkbox" checked={files.allowAllFileTypes} onChange={(event) => setFiles({ ...files, allowAllFileTypes: event.target.checked })} /> Files
        other than images
      </label>
      <div className="membership__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Saving…" : "Save membership settings"}
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}
