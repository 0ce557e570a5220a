"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setTitleAction } from "@/lib/actions/badge-actions";
import type { BadgeChipView } from "@/lib/views/badges-view";
import "@/components/forms/forms.css";

/** A member picks which of their badges shows as their title beside their name here (or none). */
export function TitlePicker({ group, choices, currentId }: { group: { id: number; name: string }; choices: BadgeChipView[]; currentId: number }) {
  const router = useRouter();
  // The chosen badge's id; 0 is no title (the API's "0 clears").
  const [chosen, setChosen] = useState(currentId);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="form-card form-stack"
      aria-labelledby="title-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setStatus(null);
        startTransition(async () => {
          const result = await setTitleAction({ groupId: group.id, groupName: group.name, badgeId: chosen }).catch(() => null);
          if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
          setStatus({ ok: true, text: chosen === 0 ? "Your title is cleared." : "Your title is saved." });
          router.refresh();
        });
      }}
    >
      <h2 id="title-heading">Your title</h2>
      {choices.length === 0 ? <p>None of your badges here can be a title yet.</p> : null}
      <label htmlFor="title-choice">Shown beside your name in this group</label>
      <select id="title-choice" className="form-select" value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
        <option value={0}>No title</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
      <div className="membership__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          Save title
        </button>
      </div>
      <StatusLine status={status} />
    </form>
  );
}
